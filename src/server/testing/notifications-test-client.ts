import {
  addNotifications,
  deleteNotifications,
  getNotifications,
  type Notification,
} from '#contract/notifications';
import type { WorkspaceFixture } from './fixtures';
import type { Reply, TestService } from './test-service';
import { addOrganizations } from '#contract/organizations';
import { addDocuments } from '#contract/documents';
import { addUsers } from '#contract/users';

export const notificationPaths = {
  add: addNotifications.path,
  delete: deleteNotifications.path,
  get: getNotifications.path,
  addOrganizations: addOrganizations.path,
  addDocuments: addDocuments.path,
  addUsers: addUsers.path,
} as const;

type Envelope<T, Extra = object> = { result: { status: string; message: string; data: T } & Extra };
export type ErrorBody = { error: { status: string; message: string } };
export type AddResult = { success: boolean; message: string; notificationId?: string };
export type DeleteResult = Record<string, { success: boolean; message: string }>;

export const actor = { userId: 'u-actor', name: 'Ann Actor', email: 'ann@example.com' };

/** The notifications endpoints of one API key, answering the raw reply. */
export function notificationsOf(svc: TestService, fx: WorkspaceFixture) {
  const post = <T>(path: string, data: unknown) =>
    svc.post<T & Partial<ErrorBody>>(path, data, fx.apiKeyHeaders);
  return {
    add: (data: unknown) => post<Envelope<AddResult>>(notificationPaths.add, data),
    delete: (data: unknown) => post<Envelope<DeleteResult>>(notificationPaths.delete, data),
    get: (data: unknown) =>
      post<Envelope<Notification[], { nextPageToken?: string | null }>>(
        notificationPaths.get,
        data,
      ),
    /** An Add Notifications body with the required fields, for the rest to override. */
    body: (extra: Record<string, unknown>) => ({
      organizationId: 'org-1',
      documentId: 'doc-1',
      actionUser: actor,
      displayHeadlineMessageTemplate: '{actionUser} mentioned you',
      displayBodyMessage: 'Please have a look.',
      notifyUsers: [],
      ...extra,
    }),
    /** An organization with documents and organization users, through the service's endpoints. */
    async organization(
      organizationId: string,
      documentIds: readonly string[],
      userIds: readonly string[],
    ) {
      const calls: [string, unknown][] = [
        [
          notificationPaths.addOrganizations,
          { organizations: [{ organizationId, organizationName: organizationId }] },
        ],
        [
          notificationPaths.addDocuments,
          {
            organizationId,
            documents: documentIds.map((d) => ({ documentId: d, documentName: d })),
          },
        ],
      ];
      if (userIds.length > 0) {
        calls.push([
          notificationPaths.addUsers,
          {
            organizationId,
            users: userIds.map((u) => ({ userId: u, name: u, email: `${u}@example.com` })),
          },
        ]);
      }
      for (const [path, data] of calls) {
        const res = await post(path, data);
        if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
      }
    },
  };
}

/** The body of a 200 reply, or a failure that shows what came instead. */
export function ok<T>(reply: Reply<{ result?: { data: T } } & Partial<ErrorBody>>): T {
  if (reply.status !== 200 || !reply.body.result) {
    throw new Error(`expected 200, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply.body.result.data;
}
