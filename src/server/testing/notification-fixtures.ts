import { addDocuments } from '#contract/documents';
import { addOrganizations } from '#contract/organizations';
import { addUsers } from '#contract/users';
import type { WorkspaceFixture } from './fixtures';
import { dataOf } from './replies';

export const actor = { userId: 'u-actor', name: 'Ann Actor', email: 'ann@example.com' };

/** An Add Notifications request with the required fields, for the rest to override. */
export function notificationBody(extra: Record<string, unknown>) {
  return {
    organizationId: 'org-1',
    documentId: 'doc-1',
    actionUser: actor,
    displayHeadlineMessageTemplate: '{actionUser} mentioned you',
    displayBodyMessage: 'Please have a look.',
    notifyUsers: [],
    ...extra,
  };
}

/**
 * An organization with documents and organization users, through the service's endpoints with
 * the fixture's key.
 */
export async function addOrganizationWith(
  fx: WorkspaceFixture,
  organizationId: string,
  documentIds: readonly string[],
  userIds: readonly string[],
): Promise<void> {
  dataOf(
    await fx.send(addOrganizations, {
      organizations: [{ organizationId, organizationName: organizationId }],
    }),
  );
  dataOf(
    await fx.send(addDocuments, {
      organizationId,
      documents: documentIds.map((d) => ({ documentId: d, documentName: d })),
    }),
  );
  if (userIds.length === 0) return;
  dataOf(
    await fx.send(addUsers, {
      organizationId,
      users: userIds.map((u) => ({ userId: u, name: u, email: `${u}@example.com` })),
    }),
  );
}
