import type { z } from 'zod';
import {
  type deleteNotificationsRequest,
  notificationNotDeletedMessage,
} from '#contract/notifications';
import { organizationExists } from '../../rows/organization-store';
import { resultMap } from '../../http/item-results';
import { unknownOrganization } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { notificationDeleted } from './messages';
import { deleteNotifications as deleteMatching } from './store';

type DeleteInput = z.output<typeof deleteNotificationsRequest>;
type DeleteResult = Record<string, { success: boolean; message: string }>;

/**
 * Delete Notifications: every filter given must hold (document, location, user, ids). With
 * `userId` the notifications leave that user's inbox only; without it they are deleted for
 * everyone. With `notificationIds` the answer has one entry per id, `success: false` for an
 * unknown one or one the other filters do not match; without, one entry per deleted
 * notification. `organizationId` alone is refused by the contract; an unknown organization is
 * INVALID_ARGUMENT.
 */
export async function deleteNotifications(
  s: Services,
  apiKeyId: string,
  input: DeleteInput,
): Promise<DeleteResult> {
  const { organizationId } = input;
  const deleted = await s.db.transaction(async (tx) => {
    if (!(await organizationExists(tx, apiKeyId, organizationId))) {
      throw unknownOrganization(organizationId);
    }
    return deleteMatching(tx, {
      apiKeyId,
      organizationId,
      documentId: input.documentId,
      locationId: input.locationId,
      userId: input.userId,
      notificationIds: input.notificationIds,
    });
  });
  const outcome = (_id: string, id: string) => ({
    success: deleted.has(id),
    message: deleted.has(id) ? notificationDeleted : notificationNotDeletedMessage,
  });
  const ids = input.notificationIds ?? [...deleted].sort();
  return resultMap(ids, (id) => id, outcome);
}
