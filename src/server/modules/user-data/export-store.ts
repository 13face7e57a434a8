import { type SQL, sql } from 'drizzle-orm';
import type { User } from '#contract/common';
import { afterPosition, rowsToFetch } from '../../db/keyset';
import { type NotificationRow, notificationColumns } from '../../rows/notification-rows';
import { preparedRowsOf } from '../../db/prepared';
import type { DbOrTx } from '../../db/transaction';

/** One user in one organization of one API key: whose data a page reads. */
export interface ExportOwner {
  apiKeyId: string;
  organizationId: string;
  userId: string;
}

/** A page of one feature: after a keyset position (none: from the start), `limit` rows. */
export interface FeaturePageQuery<K> extends ExportOwner {
  after: K | undefined;
  limit: number;
}

export type CommentPosition = { annotationId: string; commentId: string };
export type NotificationPosition = { at: number; id: string };

/**
 * The user's comments in (annotation, comment) order through `comments_author_idx`, each with its
 * annotation's document: a key lookup for each row of the page only (a join would let the
 * planner read every annotation of the organization to hash them).
 */
export function commentsPageStatement(q: FeaturePageQuery<CommentPosition>): SQL {
  const after = q.after
    ? sql` and ${afterPosition(
        [sql`c.annotation_id`, sql`c.comment_id`],
        [q.after.annotationId, q.after.commentId],
        'asc',
      )}`
    : sql``;
  return sql`select c.annotation_id as "annotationId", c.comment_id as "commentId",
      (select a.document_id from comment_annotations a
        where a.api_key_id = c.api_key_id and a.organization_id = c.organization_id
          and a.annotation_id = c.annotation_id) as "documentId",
      c.comment_text as "commentText", c."from",
      (extract(epoch from c.created_at) * 1000)::float8 as "createdMs"
    from comments c
    where c.api_key_id = ${q.apiKeyId} and c.organization_id = ${q.organizationId}
      and c.from_user_id = ${q.userId}${after}
    order by c.annotation_id, c.comment_id
    limit ${rowsToFetch(q.limit)}`;
}

export function reactionsPageStatement(q: FeaturePageQuery<string>): SQL {
  const after = q.after === undefined ? sql`` : sql` and reaction_id > ${q.after}`;
  return sql`select reaction_id as "reactionId", document_id as "documentId",
      annotation_id as "annotationId", icon, "from", (extract(epoch from created_at) * 1000)::float8 as "createdMs"
    from reactions
    where api_key_id = ${q.apiKeyId} and organization_id = ${q.organizationId}
      and from_user_id = ${q.userId}${after}
    order by reaction_id
    limit ${rowsToFetch(q.limit)}`;
}

export function recordingsPageStatement(q: FeaturePageQuery<string>): SQL {
  const after = q.after === undefined ? sql`` : sql` and recording_id > ${q.after}`;
  return sql`select recording_id as "recordingId", document_id as "documentId", type, url,
      duration_ms as "durationMs", "from", (extract(epoch from created_at) * 1000)::float8 as "createdMs"
    from recordings
    where api_key_id = ${q.apiKeyId} and organization_id = ${q.organizationId}
      and from_user_id = ${q.userId}${after}
    order by recording_id
    limit ${rowsToFetch(q.limit)}`;
}

const notificationAfter = (at: SQL, id: SQL, after: NotificationPosition | undefined) =>
  after ? sql` and ${afterPosition([at, id], [after.at, after.id], 'asc')}` : sql``;

/** The notifications the user acted in, in (time, id) order, through `notifications_action_user_idx`. */
export function actedNotificationsPageStatement(q: FeaturePageQuery<NotificationPosition>): SQL {
  const after = notificationAfter(sql`n.timestamp_ms`, sql`n.notification_id`, q.after);
  return sql`select ${notificationColumns} from notifications n
    where n.api_key_id = ${q.apiKeyId} and n.organization_id = ${q.organizationId}
      and n.action_user_id = ${q.userId}${after}
    order by n.timestamp_ms, n.notification_id
    limit ${rowsToFetch(q.limit)}`;
}

/**
 * The notifications the user received or is mentioned in, in (time, id) order, through
 * `notification_users_user_idx` (which holds the notification's time).
 */
export function involvedNotificationsPageStatement(q: FeaturePageQuery<NotificationPosition>): SQL {
  const after = notificationAfter(sql`u.timestamp_ms`, sql`u.notification_id`, q.after);
  return sql`select ${notificationColumns} from notification_users u join notifications n
      on n.api_key_id = u.api_key_id and n.organization_id = u.organization_id
        and n.notification_id = u.notification_id
    where u.api_key_id = ${q.apiKeyId} and u.organization_id = ${q.organizationId}
      and u.user_id = ${q.userId}${after}
    order by u.timestamp_ms, u.notification_id
    limit ${rowsToFetch(q.limit)}`;
}

export interface CommentRow {
  annotationId: string;
  commentId: string;
  documentId: string;
  commentText: string;
  from: User;
  /** created_at in epoch milliseconds: the same instant whatever the driver makes of dates. */
  createdMs: number;
}

export interface ReactionRow {
  reactionId: string;
  documentId: string;
  annotationId: string | null;
  icon: string;
  from: User;
  /** created_at in epoch milliseconds: the same instant whatever the driver makes of dates. */
  createdMs: number;
}

export interface RecordingRow {
  recordingId: string;
  documentId: string;
  type: string;
  url: string;
  durationMs: number | null;
  from: User;
  /** created_at in epoch milliseconds: the same instant whatever the driver makes of dates. */
  createdMs: number;
}

/** The rows of one export page, feature by feature; a feature read to its end reads nothing. */
export interface ExportPageRows {
  comments: CommentRow[];
  reactions: ReactionRow[];
  recordings: RecordingRow[];
  actedNotifications: NotificationRow[];
  involvedNotifications: NotificationRow[];
}

/** A feature's page statement and the columns that order it; undefined when it is done. */
export interface FeatureRead {
  statement: SQL;
  order: SQL;
}

const nothing = sql`'[]'::json`;

/**
 * Every feature's page in one statement, each as a JSON array in its own order: one round trip
 * instead of five, which on PostgreSQL was most of an export page's time besides its 83 kB of
 * answer (a query's send and receive cost more than its index range of 101 rows). Each
 * subquery keeps its own plan over its own index.
 */
export function exportPageStatement(reads: ExportPageReads): SQL {
  const column = (name: keyof ExportPageRows) => {
    const read = reads[name];
    const list = read
      ? sql`(select coalesce(json_agg(t order by ${read.order}), '[]'::json)
          from (${read.statement}) as t)`
      : nothing;
    return sql`${list} as ${sql.identifier(name)}`;
  };
  const names: (keyof ExportPageRows)[] = [
    'comments',
    'reactions',
    'recordings',
    'actedNotifications',
    'involvedNotifications',
  ];
  return sql`select ${sql.join(names.map(column), sql`, `)}`;
}

export type ExportPageReads = Record<keyof ExportPageRows, FeatureRead | undefined>;

export async function readExportPage(db: DbOrTx, reads: ExportPageReads): Promise<ExportPageRows> {
  const [row] = await preparedRowsOf<ExportPageRows>(db, exportPageStatement(reads));
  if (!row) throw new Error('the export page statement answered no row');
  return row;
}
