import { z } from 'zod';
import {
  USER_DATA_ITEMS_PER_PAGE,
  type UserData,
  type getAllUserDataRequest,
} from '../../../contract/user-data';
import { keysetPage } from '../../db/keyset';
import { type NotificationRow, notificationOf } from '../../db/notification-rows';
import type { DbOrTx } from '../../db/transaction';
import { PageTokens } from '../../http/page-token';
import type { Services } from '../../services';
import { commentItem, reactionItem, recordingItem } from './export-items';
import {
  type CommentRow,
  type ExportOwner,
  type NotificationPosition,
  type ReactionRow,
  type RecordingRow,
  actedNotificationsPageStatement,
  commentsPageStatement,
  involvedNotificationsPageStatement,
  reactionsPageStatement,
  readRows,
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
 * One page of one feature from its cursor: nothing once it is done; otherwise its next rows,
 * and where it continues (done when no row follows them).
 */
async function featurePage<Row, Item, K>(
  at: Cursor<K>,
  read: (after: K | undefined) => Promise<Row[]>,
  item: (row: Row) => Item,
  keyOf: (row: Row) => K,
): Promise<FeaturePage<Item, K>> {
  if (at === 'done') return { items: [], next: 'done' };
  const { rows, more } = keysetPage(await read(at ?? undefined), USER_DATA_ITEMS_PER_PAGE);
  const last = rows.at(-1);
  return { items: rows.map(item), next: more && last ? keyOf(last) : 'done' };
}

const byTimeThenId = (a: NotificationRow, b: NotificationRow) =>
  a.timestampMs - b.timestampMs ||
  (a.notificationId < b.notificationId ? -1 : a.notificationId > b.notificationId ? 1 : 0);

/**
 * The notifications the user acted in and those they received or are mentioned in: two keyset
 * reads in the same (time, id) order, merged, each notification once. One position serves both:
 * each read fetched every row of its own up to its page's end, so nothing of either lies between
 * the merged page's last row and the rows after it.
 */
async function notificationRows(
  db: DbOrTx,
  owner: ExportOwner,
  after: NotificationPosition | undefined,
): Promise<NotificationRow[]> {
  const q = { ...owner, after, limit: USER_DATA_ITEMS_PER_PAGE };
  const [acted, involved] = await Promise.all([
    readRows<NotificationRow>(db, actedNotificationsPageStatement(q)),
    readRows<NotificationRow>(db, involvedNotificationsPageStatement(q)),
  ]);
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
  // The features are independent reads: on PostgreSQL they run on several connections at once,
  // so a page costs the slowest read rather than the sum of five round trips.
  const [comments, reactions, recordings, notifications] = await Promise.all([
    featurePage(
      at.comments,
      (after) => readRows<CommentRow>(s.db, commentsPageStatement(page(after))),
      commentItem,
      (r) => ({ annotationId: r.annotationId, commentId: r.commentId }),
    ),
    featurePage(
      at.reactions,
      (after) => readRows<ReactionRow>(s.db, reactionsPageStatement(page(after))),
      reactionItem,
      (r) => r.reactionId,
    ),
    featurePage(
      at.recordings,
      (after) => readRows<RecordingRow>(s.db, recordingsPageStatement(page(after))),
      recordingItem,
      (r) => r.recordingId,
    ),
    featurePage(
      at.notifications,
      (after) => notificationRows(s.db, owner, after),
      (r) => notificationOf(apiKeyId, input.organizationId, r),
      (r) => ({ at: r.timestampMs, id: r.notificationId }),
    ),
  ]);
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
