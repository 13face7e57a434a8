import { type SQL, sql } from 'drizzle-orm';
import { afterPosition, rowsToFetch } from '../../db/keyset';
import { type NotificationRow, notificationColumns } from '../../rows/notification-rows';
import { type DbOrTx, rowsOf } from '../../db/transaction';

/** Where a notification lives: tenant, organization, id. */
export interface NotificationKey {
  apiKeyId: string;
  organizationId: string;
  notificationId: string;
}

/** A notification as Add Notifications stores it: the row the reads select, its source implied. */
export interface NewNotification
  extends NotificationKey, Omit<NotificationRow, 'notificationId' | 'source'> {}

/** The users a new notification involves besides its actor (see `notification_users`). */
export interface InvolvedUsers {
  /** Every user of the organization is a recipient too. */
  notifyAll: boolean;
  recipientIds: readonly string[];
  mentionedIds: readonly string[];
}

/** Source of every notification added through the API (DESIGN.md). */
export const CUSTOM_SOURCE = 'custom';

export async function notificationExists(db: DbOrTx, key: NotificationKey): Promise<boolean> {
  const found = await rowsOf(
    db,
    sql`select 1 from notifications
      where api_key_id = ${key.apiKeyId} and organization_id = ${key.organizationId}
        and notification_id = ${key.notificationId}`,
  );
  return found.length > 0;
}

/** Inserts the notification unless its id is taken; answers whether it did. */
export async function insertNotification(db: DbOrTx, n: NewNotification): Promise<boolean> {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const added = await rowsOf(
    db,
    sql`insert into notifications (api_key_id, organization_id, notification_id, document_id,
        location_id, action_user_id, action_user, headline_template, headline_template_data,
        body_message, notify_users, notify_all, source, source_data, timestamp_ms)
      values (${n.apiKeyId}, ${n.organizationId}, ${n.notificationId}, ${n.documentId},
        ${n.locationId}, ${n.actionUser.userId}, ${json(n.actionUser)}::jsonb,
        ${n.headlineTemplate}, ${json(n.headlineTemplateData)}::json, ${n.bodyMessage},
        ${json(n.notifyUsers)}::jsonb, ${n.notifyAll}, ${CUSTOM_SOURCE},
        ${json(n.sourceData)}::json, ${n.timestampMs})
      on conflict do nothing
      returning notification_id`,
  );
  return added.length > 0;
}

/**
 * One row per involved user, in one statement: the organization's users (notifyAll) and the
 * named ones as recipients, users named only in the template data as mentioned. A user both
 * named and mentioned is a recipient (`max` of the two roles).
 */
export async function insertNotificationUsers(
  db: DbOrTx,
  n: NewNotification,
  users: InvolvedUsers,
): Promise<void> {
  const { apiKeyId, organizationId } = n;
  await db.execute(sql`
    insert into notification_users (api_key_id, organization_id, notification_id, user_id, role,
      timestamp_ms)
    select ${apiKeyId}, ${organizationId}, ${n.notificationId}, u.user_id, max(u.role),
      ${n.timestampMs}
    from (
      select user_id, 'recipient' as role from organization_users
        where ${users.notifyAll} and api_key_id = ${apiKeyId}
          and organization_id = ${organizationId}
      union all
      select jsonb_array_elements_text(${JSON.stringify(users.recipientIds)}::jsonb), 'recipient'
      union all
      select jsonb_array_elements_text(${JSON.stringify(users.mentionedIds)}::jsonb), 'mentioned'
    ) as u
    group by u.user_id`);
}

/** The filters Get and Delete Notifications share; all given ones must hold. */
export interface NotificationFilters {
  apiKeyId: string;
  organizationId: string;
  documentId?: string | undefined;
  locationId?: string | undefined;
  /** Notifications in this user's inbox (the user is a recipient). */
  userId?: string | undefined;
  notificationIds?: readonly string[] | undefined;
}

/** A position in the list's order: the last notification of the previous page. */
export interface NotificationPosition {
  at: number;
  id: string;
}

export interface NotificationsQuery extends NotificationFilters {
  order: 'asc' | 'desc';
  after?: NotificationPosition | undefined;
  limit: number;
}

/** An array literal, which lets the planner look each id up by key. */
const idArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

/** Conditions on the notification `n` besides its tenant and organization. */
function notificationConditions(f: NotificationFilters, ids: SQL): SQL[] {
  const where: SQL[] = [];
  if (f.documentId !== undefined) where.push(sql`n.document_id = ${f.documentId}`);
  if (f.locationId !== undefined) where.push(sql`n.location_id = ${f.locationId}`);
  if (f.notificationIds !== undefined) where.push(sql`${ids} = any(${idArray(f.notificationIds)})`);
  return where;
}

/** The user's recipient rows `u` joined to their notifications `n`. */
const inboxOf = (f: NotificationFilters & { userId: string }) => sql`
  notification_users u join notifications n
    on n.api_key_id = u.api_key_id and n.organization_id = u.organization_id
      and n.notification_id = u.notification_id
  where u.api_key_id = ${f.apiKeyId} and u.organization_id = ${f.organizationId}
    and u.user_id = ${f.userId} and u.role = 'recipient'`;

/**
 * One page in (timestamp, id) order, one row more than the page. A user's inbox pages through
 * `notification_users_user_idx` (the time is copied there), the others through the
 * notifications' time, document or location index, named ids by key. Exported so that a test
 * plans exactly this statement.
 */
export function notificationsPageStatement(q: NotificationsQuery): SQL {
  const direction = sql.raw(q.order);
  const inbox = q.userId !== undefined;
  const at = inbox ? sql`u.timestamp_ms` : sql`n.timestamp_ms`;
  const id = inbox ? sql`u.notification_id` : sql`n.notification_id`;
  const where = notificationConditions(q, id);
  if (q.after !== undefined) where.push(afterPosition([at, id], [q.after.at, q.after.id], q.order));
  const more = where.length > 0 ? sql` and ${sql.join(where, sql` and `)}` : sql``;
  const from =
    q.userId !== undefined
      ? sql`${inboxOf({ ...q, userId: q.userId })}`
      : sql`notifications n
        where n.api_key_id = ${q.apiKeyId} and n.organization_id = ${q.organizationId}`;
  return sql`select ${notificationColumns} from ${from}${more}
    order by ${at} ${direction}, ${id} ${direction}
    limit ${rowsToFetch(q.limit)}`;
}

export function readNotificationsPage(
  db: DbOrTx,
  q: NotificationsQuery,
): Promise<NotificationRow[]> {
  return rowsOf<NotificationRow>(db, notificationsPageStatement(q));
}

/**
 * Deletes what the filters select and answers the ids it deleted. With `userId`, the
 * notifications leave that user's inbox only (the user's recipient rows); the notification stays
 * for its other users. Without it, the notifications themselves go, their users' rows with them.
 * Exported so that a test plans exactly this statement.
 */
export function deleteNotificationsStatement(f: NotificationFilters): SQL {
  if (f.userId !== undefined) {
    const where = notificationConditions(f, sql`u.notification_id`);
    const more = where.length > 0 ? sql` and ${sql.join(where, sql` and `)}` : sql``;
    return sql`delete from notification_users u using notifications n
      where u.api_key_id = ${f.apiKeyId} and u.organization_id = ${f.organizationId}
        and u.user_id = ${f.userId} and u.role = 'recipient'
        and n.api_key_id = u.api_key_id and n.organization_id = u.organization_id
        and n.notification_id = u.notification_id${more}
      returning u.notification_id as "notificationId"`;
  }
  const where = notificationConditions(f, sql`n.notification_id`);
  const more = where.length > 0 ? sql` and ${sql.join(where, sql` and `)}` : sql``;
  return sql`delete from notifications n
    where n.api_key_id = ${f.apiKeyId} and n.organization_id = ${f.organizationId}${more}
    returning n.notification_id as "notificationId"`;
}

export async function deleteNotifications(
  db: DbOrTx,
  f: NotificationFilters,
): Promise<Set<string>> {
  const deleted = await rowsOf<{ notificationId: string }>(db, deleteNotificationsStatement(f));
  return new Set(deleted.map((r) => r.notificationId));
}
