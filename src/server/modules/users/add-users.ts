import type { z } from 'zod';
import type { addUsersRequest } from '#contract/users';
import { lockOrganization } from '../../rows/organization-store';
import { resultMap, succeeded } from '../../http/item-results';
import { unknownDocument, unknownFolder, unknownOrganization } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { containerExists, insertDocumentUsers, insertFolderUsers, upsertUsers } from './store';

type AddInput = z.output<typeof addUsersRequest>;

export const userAddedMessage = 'User added.';

/**
 * Adds users to the organization (no documentId or folderId: organization-level users), to a
 * document or to a folder, in one transaction. Every user's profile lives on the organization's
 * row and takes the name and e-mail sent; adding a user again succeeds and adds the new
 * membership. The organization, and the document or folder, must exist: INVALID_ARGUMENT otherwise,
 * and nothing is written.
 */
export async function addUsers(s: Services, apiKeyId: string, input: AddInput) {
  const { organizationId, documentId, folderId } = input;
  const now = s.clock();
  const organizationLevel = documentId === undefined && folderId === undefined;
  await s.db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, apiKeyId, organizationId))) {
      throw unknownOrganization(organizationId);
    }
    if (documentId !== undefined) {
      if (!(await containerExists(tx, apiKeyId, organizationId, { documentId }, true))) {
        throw unknownDocument(organizationId, documentId);
      }
    }
    if (folderId !== undefined) {
      if (!(await containerExists(tx, apiKeyId, organizationId, { folderId }, true))) {
        throw unknownFolder(organizationId, folderId);
      }
    }
    await upsertUsers(
      tx,
      apiKeyId,
      organizationId,
      input.users.map((u) => ({ ...u, organizationLevel })),
      now,
    );
    const userIds = input.users.map((u) => u.userId);
    if (documentId !== undefined) {
      const memberships = userIds.map((userId) => ({ documentId, userId }));
      await insertDocumentUsers(tx, apiKeyId, organizationId, memberships, now);
    }
    if (folderId !== undefined) {
      const memberships = userIds.map((userId) => ({ folderId, userId }));
      await insertFolderUsers(tx, apiKeyId, organizationId, memberships, now);
    }
  });
  return resultMap(
    input.users,
    (u) => u.userId,
    (_u, userId) => succeeded(userId, userAddedMessage),
  );
}
