import type { z } from 'zod';
import { userSchema } from '#contract/ids';
import type { addNotificationResultSchema, addNotificationsRequest } from '#contract/notifications';
import { newId } from '../../crypto/secrets';
import { ensureDocument, lockDocument } from '../../rows/document-store';
import { ensureOrganization, lockOrganization } from '../../rows/organization-store';
import { unknownDocument, unknownOrganization } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { NOTIFICATION_EVENT } from '../../events/event-store';
import { notificationOf as wireNotification } from '../../rows/notification-rows';
import { notificationAdded, notificationTaken } from './messages';
import {
  CUSTOM_SOURCE,
  type InvolvedUsers,
  type NewNotification,
  insertNotification,
  insertNotificationUsers,
  notificationExists,
} from './store';

type AddInput = z.output<typeof addNotificationsRequest>;
type AddResult = z.input<typeof addNotificationResultSchema>;

/**
 * The users a notification involves besides its actor: the named recipients, every user of the
 * organization with notifyAll (the default), and the users the headline's template data names
 * (`actionUser`, and `recipientUser` when it is a user object; a string is display text, not an
 * id) as mentioned.
 */
function involvedUsers(input: AddInput): InvolvedUsers {
  const recipientIds = [...new Set(input.notifyUsers.map((u) => u.userId))];
  const data = input.displayHeadlineMessageTemplateData ?? {};
  const named = [data.actionUser, data.recipientUser].flatMap(
    (value) => userSchema.safeParse(value).data ?? [],
  );
  const mentionedIds = [...new Set(named.map((u) => u.userId))].filter(
    (id) => id !== input.actionUser.userId,
  );
  return { notifyAll: input.notifyAll ?? true, recipientIds, mentionedIds };
}

function notificationOf(apiKeyId: string, input: AddInput, id: string, now: Date): NewNotification {
  return {
    apiKeyId,
    organizationId: input.organizationId,
    notificationId: id,
    documentId: input.documentId,
    locationId: input.locationId ?? null,
    actionUser: input.actionUser,
    headlineTemplate: input.displayHeadlineMessageTemplate,
    headlineTemplateData: input.displayHeadlineMessageTemplateData ?? null,
    bodyMessage: input.displayBodyMessage,
    notifyUsers: input.notifyUsers,
    notifyAll: input.notifyAll ?? true,
    sourceData: input.notificationSourceData ?? null,
    timestampMs: now.getTime(),
  };
}

/**
 * Add Notifications: one notification in a document of an organization (each created first with
 * `createOrganization` / `createDocument`, otherwise INVALID_ARGUMENT when missing), its id
 * generated when omitted. An id that exists answers `success: false` and changes nothing, not
 * even a missing organization or document is created. The notification and its users' rows
 * are written together, or nothing is.
 */
export async function addNotification(
  s: Services,
  apiKeyId: string,
  input: AddInput,
): Promise<AddResult> {
  const notificationId = input.notificationId ?? newId('ntf');
  const { organizationId, documentId } = input;
  const now = s.clock();
  const notification = notificationOf(apiKeyId, input, notificationId, now);
  const added = await transactionWithEvents(s, apiKeyId, async (tx, emit) => {
    if (await notificationExists(tx, notification)) return false;
    if (input.createOrganization) await ensureOrganization(tx, apiKeyId, organizationId, now);
    else if (!(await lockOrganization(tx, apiKeyId, organizationId))) {
      throw unknownOrganization(organizationId);
    }
    if (input.createDocument) {
      await ensureDocument(tx, apiKeyId, organizationId, documentId, now);
    } else if (!(await lockDocument(tx, apiKeyId, organizationId, documentId))) {
      throw unknownDocument(organizationId, documentId);
    }
    // A concurrent call with the same id may have won since the check: it keeps its row.
    if (!(await insertNotification(tx, notification))) return false;
    await insertNotificationUsers(tx, notification, involvedUsers(input));
    // The basic webhook service's processed URL gets it as Get Notifications answers it.
    emit({
      type: NOTIFICATION_EVENT,
      channel: organizationId,
      data: wireNotification(apiKeyId, organizationId, {
        ...notification,
        source: CUSTOM_SOURCE,
      }),
    });
    return true;
  });
  return added
    ? { success: true, notificationId, message: notificationAdded }
    : { success: false, notificationId, message: notificationTaken(notificationId) };
}
