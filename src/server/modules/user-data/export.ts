import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  USER_DATA_ITEMS_PER_PAGE,
  type UserData,
  type getAllUserDataRequest,
} from '#contract/user-data';
import { keysetPage } from '../../db/keyset';
import { type NotificationRow, notificationOf } from '../../rows/notification-rows';
import { PageTokens } from '../../http/page-token';
import type { Services } from '../../services';
import { commentItem, reactionItem, recordingItem } from './export-items';
import {
  type ExportOwner,
  type FeatureRead,
  actedNotificationsPageStatement,
  commentsPageStatement,
  involvedNotificationsPageStatement,
  reactionsPageStatement,
  readExportPage,
  recordingsPageStatement,
} from './export-store';

type ExportInput = z.output<typeof getAllUserDataRequest>;

/**
 * Where each feature continues: `null` before its first item, a keyset position after its last
 * exported item, `'done'` once it is exported to its end (it is not read again).
 */
const cursor = <K extends z.ZodType>(position: K) =>
  z.union([z.literal('done'), position]).nullable();
const exportPosition = z.object({
  comments: cursor(z.object({ annotationId: z.string(), commentId: z.string() })),
  reactions: cursor(z.string()),
  recordings: cursor(z.string()),
  notifications: cursor(z.object({ at: z.number(), id: z.string() })),
});
type ExportPosition = z.infer<typeof exportPosition>;
type Cursor<K> = K | 'done' | null;

const exportTokens = (s: Services) =>
  new PageTokens(s.secrets, {
    name: 'user-data-export',
    field: 'data.pageToken',
    position: exportPosition,
    prefix: 'udt_',
  });

const byTimeAndId = sql`t."timestampMs", t."notificationId"`;

const START: ExportPosition = {
  comments: null,
  reactions: null,
  recordings: null,
  notifications: null,
};

interface FeaturePage<Item, K> {
  items: Item[];
  next: Cursor<K>;
}

/**
 * One page of one feature from the rows read after its cursor: nothing once it is done;
 * otherwise its rows, and where it continues (done when no row follows them).
 */
function featurePage<Row, Item, K>(
  at: Cursor<K>,
  read: Row[],
  item: (row: Row) => Item,
  keyOf: (row: Row) => K,
): FeaturePage<Item, K> {
  if (at === 'done') return { items: [], next: 'done' };
  const { rows, more } = keysetPage(read, USER_DATA_ITEMS_PER_PAGE);
  const last = rows.at(-1);
  return { items: rows.map(item), next: more && last ? keyOf(last) : 'done' };
}

const byTimeThenId = (a: NotificationRow, b: NotificationRow) =>
  a.timestampMs - b.timestampMs ||
  (a.notificationId < b.notificationId ? -1 : a.notificationId > b.notificationId ? 1 : 0);

/**
 * The notifications the user acted in and those they received or are mentioned in, read by two
 * keyset reads in the same (time, id) order, merged, each notification once. One position serves
 * both: each read fetched every row of its own up to its page's end, so nothing of either lies
 * between the merged page's last row and the rows after it.
 */
function mergedNotifications(acted: NotificationRow[], involved: NotificationRow[]) {
  const once = new Map<string, NotificationRow>();
  for (const row of [...acted, ...involved]) once.set(row.notificationId, row);
  return [...once.values()].sort(byTimeThenId);
}

/** What a page token is bound to: the key, the organization and the user. */
const tokenQuery = (owner: ExportOwner) => owner;

/**
 * Get All User Data: one page of the user's comments, reactions, recordings and notifications
 * in the organization, at most USER_DATA_ITEMS_PER_PAGE of each, every feature read by keyset
 * over its author or user index. `nextPageToken` continues every unfinished feature from its own
 * position and is null once all four are exported. An organization or user without data answers
 * four empty lists, not an error: comments, reactions and recordings may be stored under an
 * organization id that Add Organizations never registered, and the export must not hide them.
 */
export async function getAllUserData(
  s: Services,
  apiKeyId: string,
  input: ExportInput,
): Promise<{ data: UserData; nextPageToken: string | null }> {
  const owner: ExportOwner = {
    apiKeyId,
    organizationId: input.organizationId,
    userId: input.userId,
  };
  const tokens = exportTokens(s);
  const at = tokens.decode(tokenQuery(owner), input.pageToken) ?? START;
  const page = <K>(after: K | undefined) => ({
    ...owner,
    after,
    limit: USER_DATA_ITEMS_PER_PAGE,
  });
  const unlessDone = <K>(c: Cursor<K>, read: (after: K | undefined) => FeatureRead) =>
    c === 'done' ? undefined : read(c ?? undefined);
  const rows = await readExportPage(s.db, {
    comments: unlessDone(at.comments, (after) => ({
      statement: commentsPageStatement(page(after)),
      order: sql`t."annotationId", t."commentId"`,
    })),
    reactions: unlessDone(at.reactions, (after) => ({
      statement: reactionsPageStatement(page(after)),
      order: sql`t."reactionId"`,
    })),
    recordings: unlessDone(at.recordings, (after) => ({
      statement: recordingsPageStatement(page(after)),
      order: sql`t."recordingId"`,
    })),
    actedNotifications: unlessDone(at.notifications, (after) => ({
      statement: actedNotificationsPageStatement(page(after)),
      order: byTimeAndId,
    })),
    involvedNotifications: unlessDone(at.notifications, (after) => ({
      statement: involvedNotificationsPageStatement(page(after)),
      order: byTimeAndId,
    })),
  });
  const comments = featurePage(at.comments, rows.comments, commentItem, (r) => ({
    annotationId: r.annotationId,
    commentId: r.commentId,
  }));
  const reactions = featurePage(at.reactions, rows.reactions, reactionItem, (r) => r.reactionId);
  const recordings = featurePage(
    at.recordings,
    rows.recordings,
    recordingItem,
    (r) => r.recordingId,
  );
  const notifications = featurePage(
    at.notifications,
    mergedNotifications(rows.actedNotifications, rows.involvedNotifications),
    (r) => notificationOf(apiKeyId, input.organizationId, r),
    (r) => ({ at: r.timestampMs, id: r.notificationId }),
  );
  const next: ExportPosition = {
    comments: comments.next,
    reactions: reactions.next,
    recordings: recordings.next,
    notifications: notifications.next,
  };
  const finished = Object.values(next).every((c) => c === 'done');
  return {
    data: {
      comments: comments.items,
      reactions: reactions.items,
      recordings: recordings.items,
      notifications: notifications.items,
    },
    nextPageToken: finished ? null : tokens.encode(tokenQuery(owner), next),
  };
}
