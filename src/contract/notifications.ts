import { z } from 'zod';
import {
  itemResult,
  itemResultMap,
  jsonObject,
  pageSize,
  pageTokenSchema,
  storedUserSchema,
} from './common';
import { id, idRef, idRefList, newIdWhen, userSchema } from './ids';
import { endpoint } from './endpoint';

export const MAX_NOTIFICATION_ID_LENGTH = 128;
export const MAX_NOTIFICATION_TEXT_LENGTH = 5000;
/** Users named in one notification; the whole organization is reached with notifyAll instead. */
export const MAX_NOTIFY_USERS = 1000;
/** DESIGN.md: Get Notifications takes at most 30 `notificationIds`. */
export const MAX_NOTIFICATION_FILTER_IDS = 30;
/** Get Notifications' page when the request names none (DESIGN.md). */
export const DEFAULT_NOTIFICATIONS_PAGE_SIZE = 1000;

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
 * Values of the headline's `{variables}`: `actionUser` a user; `recipientUser` declared a string
 * but a user object in the specification's sample, so either; custom variables strings. A record
 * checked key by key rather than an object with a catch-all, whose inferred type (every key a
 * string) no user-valued object could be assigned to; it also keeps the caller's key order.
 */
export const headlineTemplateDataSchema = jsonObject.superRefine((data, ctx) => {
  for (const [key, value] of Object.entries(data)) {
    const isUser = userSchema.safeParse(value).success;
    const fits =
      key === 'actionUser'
        ? isUser
        : key === 'recipientUser'
          ? isUser || typeof value === 'string'
          : typeof value === 'string';
    if (fits) continue;
    const message =
      key === 'actionUser'
        ? 'must be a user object with a userId'
        : key === 'recipientUser'
          ? 'must be a string or a user object with a userId'
          : 'must be a string (custom template variable)';
    ctx.addIssue({ code: 'custom', message, path: [key], input: value });
  }
});

export const addNotificationsRequest = z
  .object({
    // A stored organization and document, or new ones that createOrganization and
    // createDocument make (newIdWhen below).
    organizationId: idRef(),
    documentId: idRef(),
    actionUser: userSchema,
    notificationId: notificationIdSchema.optional(),
    /**
     * Where in the document the notification belongs (an optional field beyond the
     * specification's request): Delete Notifications filters by `locationId`, so a notification
     * needs a way to carry one.
     */
    locationId: id().optional(),
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
  })
  .superRefine(newIdWhen('organizationId', 'createOrganization'))
  .superRefine(newIdWhen('documentId', 'createDocument'));
export type AddNotificationsRequest = z.input<typeof addNotificationsRequest>;

/**
 * The specification's `{ success, message }`, with the notification's id added (optional, so
 * another server's answer still parses): the caller learns the id the service generated.
 */
export const addNotificationResultSchema = itemResult.extend({
  notificationId: z.string().optional(),
});

/** The message of an unknown id, or one the filters do not match, on Delete Notifications. */
export const notificationNotDeletedMessage = 'Failed to delete notification.';

/** The message a refused `organizationId`-alone Delete Notifications answers. */
export const deleteNeedsFilterMessage =
  'Provide at least one of documentId, locationId, userId or notificationIds.';

/**
 * The specification does not show what `organizationId` alone deletes; asking for a narrower
 * filter keeps one call from wiping every notification of an organization (Delete
 * Organizations does that, with everything else of the organization).
 */
export const deleteNotificationsRequest = z
  .object({
    organizationId: idRef(),
    documentId: idRef().optional(),
    locationId: idRef().optional(),
    userId: idRef().optional(),
    notificationIds: idRefList().optional(),
  })
  .refine(
    (v) =>
      v.documentId !== undefined ||
      v.locationId !== undefined ||
      v.userId !== undefined ||
      v.notificationIds !== undefined,
    { error: deleteNeedsFilterMessage },
  );
export type DeleteNotificationsRequest = z.input<typeof deleteNotificationsRequest>;

export const notificationOrderSchema = z.enum(['asc', 'desc']);

export const getNotificationsRequest = z.object({
  organizationId: idRef(),
  documentId: idRef().optional(),
  /** An optional filter beyond DESIGN.md's shape, as Delete Notifications has it. */
  locationId: idRef().optional(),
  userId: idRef().optional(),
  notificationIds: idRefList(MAX_NOTIFICATION_FILTER_IDS).optional(),
  order: notificationOrderSchema.optional(),
  pageSize: pageSize().optional(),
  pageToken: pageTokenSchema().optional(),
});
export type GetNotificationsRequest = z.input<typeof getNotificationsRequest>;

/** A stored notification as Get Notifications answers it (DESIGN.md). */
export const notificationSchema = z.object({
  id: z.string(),
  notificationSource: z.string(),
  notificationSourceData: jsonObject.optional(),
  actionUser: storedUserSchema,
  displayHeadlineMessageTemplate: z.string(),
  displayHeadlineMessageTemplateData: jsonObject.optional(),
  displayBodyMessage: z.string(),
  metadata: z.object({
    apiKey: z.string(),
    documentId: z.string(),
    organizationId: z.string(),
    locationId: z.string().optional(),
  }),
  notifyUsers: z.array(storedUserSchema),
  notifyAll: z.boolean(),
  /** Epoch milliseconds of the notification's creation; the order of the list. */
  timestamp: z.number(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const addNotifications = endpoint({
  name: 'Add Notifications',
  path: '/v1/notifications/add',
  alsoAt: '/v2/notifications/add',
  write: true,
  auth: 'apiKey',
  area: 'notifications',
  envelope: 'A',
  request: addNotificationsRequest,
  data: addNotificationResultSchema,
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const deleteNotifications = endpoint({
  name: 'Delete Notifications',
  path: '/v1/notifications/delete',
  alsoAt: '/v2/notifications/delete',
  write: true,
  auth: 'apiKey',
  area: 'notifications',
  envelope: 'A',
  request: deleteNotificationsRequest,
  data: itemResultMap(itemResult),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const getNotifications = endpoint({
  name: 'Get Notifications',
  path: '/v2/notifications/get',
  auth: 'apiKey',
  area: 'notifications',
  envelope: 'A',
  extension: true,
  request: getNotificationsRequest,
  data: z.array(notificationSchema),
  pageField: 'nextPageToken',
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});
