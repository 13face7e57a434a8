import {
  bigint,
  boolean,
  foreignKey,
  index,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import type { User } from '#contract/common';
import { apiKeys } from './schema';

/** Epoch milliseconds: the wire's `timestamp`, and a keyset position that survives a round trip. */
const epochMs = (name: string) => bigint(name, { mode: 'number' });

/**
 * A notification added through Add Notifications, in an organization and a document (no foreign
 * key to either, like the other feature data: Delete Organizations empties it by
 * `organization-data.ts`, a document migration moves it by `DOCUMENT_REFERENCES`).
 */
export const notifications = pgTable(
  'notifications',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    notificationId: text('notification_id').notNull(),
    documentId: text('document_id').notNull(),
    locationId: text('location_id'),
    actionUserId: text('action_user_id').notNull(),
    actionUser: jsonb('action_user').$type<User>().notNull(),
    headlineTemplate: text('headline_template').notNull(),
    // json, not jsonb: the caller's objects come back as given, key order included.
    headlineTemplateData: json('headline_template_data').$type<Record<string, unknown>>(),
    bodyMessage: text('body_message').notNull(),
    notifyUsers: jsonb('notify_users').$type<User[]>().notNull(),
    notifyAll: boolean('notify_all').notNull(),
    source: text('source').notNull(),
    sourceData: json('source_data').$type<Record<string, unknown>>(),
    timestampMs: epochMs('timestamp_ms').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'notifications_pk',
      columns: [t.apiKeyId, t.organizationId, t.notificationId],
    }),
    // Get Notifications of an organization, newest or oldest first.
    index('notifications_time_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.timestampMs,
      t.notificationId,
    ),
    // A document's notifications: its list, its deletion, and what a migration moves.
    index('notifications_document_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.documentId,
      t.timestampMs,
      t.notificationId,
    ),
    index('notifications_location_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.locationId,
      t.timestampMs,
      t.notificationId,
    ),
    // The notifications a user acted in, for the export and erasure of a user's data; in time
    // order, so that the export pages through them as it pages through notification_users
    // instead of sorting all of a user's notifications for each page.
    index('notifications_action_user_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.actionUserId,
      t.timestampMs,
      t.notificationId,
    ),
  ],
);

/**
 * The users a notification involves besides its actor, one row each: `recipient` (in the user's
 * inbox: named in notifyUsers, or any user of the organization when notifyAll) or `mentioned`
 * (named in the headline's template data only). Keyed by user for a user's inbox, export and
 * erasure; the notification's time is copied here so that an inbox pages through this index.
 */
export const notificationUsers = pgTable(
  'notification_users',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    notificationId: text('notification_id').notNull(),
    userId: text('user_id').notNull(),
    role: text('role', { enum: ['recipient', 'mentioned'] }).notNull(),
    timestampMs: epochMs('timestamp_ms').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'notification_users_pk',
      columns: [t.apiKeyId, t.organizationId, t.notificationId, t.userId],
    }),
    index('notification_users_user_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.userId,
      t.timestampMs,
      t.notificationId,
    ),
    foreignKey({
      name: 'notification_users_notification_id_fk',
      columns: [t.apiKeyId, t.organizationId, t.notificationId],
      foreignColumns: [
        notifications.apiKeyId,
        notifications.organizationId,
        notifications.notificationId,
      ],
    }).onDelete('cascade'),
  ],
);
