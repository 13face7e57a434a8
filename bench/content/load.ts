import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/db';

/** The user the benchmark exports and erases, among `others` users of the same organization. */
export const TARGET = { userId: 'u-target', name: 'Target User', email: 'target@example.com' };

export interface ContentCounts {
  /** Comments, reactions and notifications of the target user, each. */
  perFeature: number;
  /** Rows of other users: comments, reactions and notifications (with their inbox rows). */
  otherRows: number;
  others: number;
}

/** Rows inserted per statement: the embedded database holds a statement's rows in memory. */
const CHUNK = 100_000;
const COMMENTS_PER_THREAD = 10;

/** A user object of another user, as SQL over the series column `n` (`shift` picks another). */
const other = (others: number, shift = 0) => {
  const i = `((n + ${shift}) % ${others})`;
  return sql.raw(`jsonb_build_object('userId', 'u-' || ${i}, 'name', 'User ' || ${i},
    'email', 'u' || ${i} || '@example.com')`);
};
const otherId = (others: number, shift = 0) => sql.raw(`'u-' || ((n + ${shift}) % ${others})`);

const target = sql`${JSON.stringify(TARGET)}::jsonb`;

async function inChunks(
  db: Db,
  total: number,
  insert: (from: number, to: number) => SQL,
  log: (line: string) => void,
  what: string,
) {
  for (let from = 0; from < total; from += CHUNK) {
    await db.execute(insert(from, Math.min(total, from + CHUNK) - 1));
  }
  log(`  ${what}: ${total.toLocaleString('en')}`);
}

/**
 * Statistics now: the foreign-key checks of the next table's rows are planned from them (on a
 * table the planner believes empty, each check would read it whole).
 */
async function analyze(db: Db, tables: readonly string[]) {
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
}

/**
 * One organization in which the target user wrote `perFeature` comments (in threads of ten),
 * reactions and notifications, beside `otherRows` rows of other users, written in bulk.
 */
export async function loadContent(
  db: Db,
  apiKeyId: string,
  organizationId: string,
  counts: ContentCounts,
  log: (line: string) => void,
): Promise<void> {
  const { perFeature, others } = counts;
  const otherEach = Math.floor(counts.otherRows / 3);
  const key = sql`${apiKeyId}`;
  const org = sql`${organizationId}`;
  await db.execute(sql`insert into organizations (api_key_id, organization_id, organization_name,
      created_at, updated_at) values (${key}, ${org}, 'Bench', now(), now())`);
  await db.execute(sql`insert into organization_users (api_key_id, organization_id, user_id, name,
      email, organization_level, created_at, updated_at)
    select ${key}, ${org}, 'u-' || n, 'User ' || n, 'u' || n || '@example.com', true, now(), now()
      from generate_series(0, ${others - 1}) n
    union all select ${key}, ${org}, ${TARGET.userId}, ${TARGET.name}, ${TARGET.email}, true,
      now(), now()`);

  // Comments: threads of ten, the target's threads first ('t-…'), then the others' ('o-…').
  const threads = (prefix: string, comments: number) => (from: number, to: number) =>
    sql`insert into comment_annotations (api_key_id, organization_id, annotation_id, document_id,
        created_at)
      select ${key}, ${org}, ${prefix} || n, 'doc-' || (n % 100), now()
        from generate_series(${from}::int, ${to}::int) n
        where n < ${Math.ceil(comments / COMMENTS_PER_THREAD)}::int`;
  const comments = (prefix: string, from_: SQL) => (from: number, to: number) =>
    sql`insert into comments (api_key_id, organization_id, annotation_id, comment_id, comment_text,
        "from", created_at)
      select ${key}, ${org}, ${prefix} || (n / ${COMMENTS_PER_THREAD}), 'c-' || n,
        'Comment number ' || n, ${from_}, now() + n * interval '1 ms'
        from generate_series(${from}::int, ${to}::int) n`;
  const threadCount = (n: number) => Math.ceil(n / COMMENTS_PER_THREAD);
  await inChunks(db, threadCount(perFeature), threads('t-', perFeature), log, 'target threads');
  await inChunks(db, threadCount(otherEach), threads('o-', otherEach), log, 'other threads');
  await analyze(db, ['comment_annotations']);
  await inChunks(db, perFeature, comments('t-', target), log, 'target comments');
  await inChunks(db, otherEach, comments('o-', other(others)), log, 'other comments');

  const reactions = (prefix: string, from_: SQL) => (from: number, to: number) =>
    sql`insert into reactions (api_key_id, organization_id, reaction_id, document_id, icon, "from",
        created_at)
      select ${key}, ${org}, ${prefix} || n, 'doc-' || (n % 100), '👍', ${from_},
        now() + n * interval '1 ms'
        from generate_series(${from}::int, ${to}::int) n`;
  await inChunks(db, perFeature, reactions('rt-', target), log, 'target reactions');
  await inChunks(db, otherEach, reactions('ro-', other(others)), log, 'other reactions');

  // Notifications: each with one recipient, the next other user, and their inbox row.
  const notifications = (prefix: string, actor: SQL, actorId: SQL) => (from: number, to: number) =>
    sql`insert into notifications (api_key_id, organization_id, notification_id, document_id,
        action_user_id, action_user, headline_template, body_message, notify_users, notify_all,
        source, timestamp_ms)
      select ${key}, ${org}, ${prefix} || n, 'doc-' || (n % 100), ${actorId}, ${actor},
        '{actionUser} commented', 'A comment', jsonb_build_array(${other(others, 1)}), false,
        'custom', 1700000000000 + n
        from generate_series(${from}::int, ${to}::int) n`;
  const inbox = (prefix: string) => (from: number, to: number) =>
    sql`insert into notification_users (api_key_id, organization_id, notification_id, user_id,
        role, timestamp_ms)
      select ${key}, ${org}, ${prefix} || n, ${otherId(others, 1)}, 'recipient', 1700000000000 + n
        from generate_series(${from}::int, ${to}::int) n`;
  await inChunks(
    db,
    perFeature,
    notifications('nt-', target, sql`${TARGET.userId}`),
    log,
    'target notifications',
  );
  await inChunks(
    db,
    otherEach,
    notifications('no-', other(others), otherId(others)),
    log,
    'other notifications',
  );
  await analyze(db, ['notifications']);
  await inChunks(db, perFeature, inbox('nt-'), log, 'their inbox rows');
  await inChunks(db, otherEach, inbox('no-'), log, 'their inbox rows');
  await analyze(db, ['organization_users', 'comments', 'reactions', 'notification_users']);
}
