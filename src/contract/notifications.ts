import { z } from 'zod';
import { id, idList, itemResult, itemResultMap, jsonObject, userSchema } from './common';
import { endpoint } from './endpoint';

export const MAX_NOTIFICATION_ID_LENGTH = 128;
export const MAX_NOTIFICATION_TEXT_LENGTH = 5000;
/** Users named in one notification; the whole organization is reached with notifyAll instead. */
export const MAX_NOTIFY_USERS = 1000;

const text = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_NOTIFICATION_TEXT_LENGTH, `must be at most ${MAX_NOTIFICATION_TEXT_LENGTH} characters`);

export const notificationIdSchema = z
  .string()
  .min(1, 'must not be empty when given')
  .max(MAX_NOTIFICATION_ID_LENGTH, `must be at most ${MAX_NOTIFICATION_ID_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, _ and -');

/**
 * Values of the headline's `{variables}`. `recipientUser` is declared a string but the
 * specification's sample sends a user object, so both are taken; custom variables are strings.
 */
export const headlineTemplateDataSchema = z
  .object({
    actionUser: userSchema.optional(),
    recipientUser: z.union([z.string(), userSchema]).optional(),
  })
  .catchall(z.string({ error: 'must be a string (custom template variable)' }));

export const addNotificationsRequest = z
  .object({
    organizationId: id(),
    documentId: id(),
    actionUser: userSchema,
    notificationId: notificationIdSchema.optional(),
    displayHeadlineMessageTemplate: text,
    displayHeadlineMessageTemplateData: headlineTemplateDataSchema.optional(),
    displayBodyMessage: text,
    notifyUsers: z
      .array(userSchema)
      .max(MAX_NOTIFY_USERS, `must have at most ${MAX_NOTIFY_USERS} items`),
    // Defaults to true on the service; optional here so a form need not send it.
    notifyAll: z.boolean().optional(),
    notificationSourceData: jsonObject.optional(),
    createDocument: z.boolean().optional(),
    createOrganization: z.boolean().optional(),
  })
  .refine((v) => v.notifyAll !== false || v.notifyUsers.length > 0, {
    error: 'must name at least one user when notifyAll is false',
    path: ['notifyUsers'],
  });
export type AddNotificationsRequest = z.input<typeof addNotificationsRequest>;

/**
 * The specification does not show what `organizationId` alone deletes; asking for a narrower
 * filter keeps one call from wiping every notification of an organization.
 */
export const deleteNotificationsRequest = z
  .object({
    organizationId: id(),
    documentId: id().optional(),
    locationId: id().optional(),
    userId: id().optional(),
    notificationIds: idList().optional(),
  })
  .refine(
    (v) =>
      v.documentId !== undefined ||
      v.locationId !== undefined ||
      v.userId !== undefined ||
      v.notificationIds !== undefined,
    { error: 'Provide at least one of documentId, locationId, userId or notificationIds.' },
  );
export type DeleteNotificationsRequest = z.input<typeof deleteNotificationsRequest>;

export const addNotifications = endpoint({
  name: 'Add Notifications',
  path: '/v1/notifications/add',
  auth: 'apiKey',
  area: 'notifications',
  envelope: 'A',
  request: addNotificationsRequest,
  data: itemResult,
  errors: [],
});

export const deleteNotifications = endpoint({
  name: 'Delete Notifications',
  path: '/v1/notifications/delete',
  auth: 'apiKey',
  area: 'notifications',
  envelope: 'A',
  request: deleteNotificationsRequest,
  data: itemResultMap(itemResult),
  errors: [],
});
