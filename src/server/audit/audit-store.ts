import { type SQL, and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { auditEntries } from '../db/schema/audit-schema';
import { afterPosition, rowsToFetch } from '../db/keyset';
import { driverStatement } from '../db/prepared';
import { type DbOrTx, rowsOf } from '../db/transaction';

export type AuditRow = typeof auditEntries.$inferSelect;

/** Half of a character without its other half: JSON can escape it, PostgreSQL's jsonb refuses it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A lone surrogate as JSON.stringify writes it (escaped), which jsonb refuses. */
const escapedSurrogate = /\\ud[89a-f]/i;

/** The value with every string made storable as jsonb (a lone surrogate becomes U+FFFD). */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(loneSurrogate, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)]));
  }
  return value;
}

/**
 * Every write call runs it: a named statement, parsed once per connection, no builder, and in a
 * write's pipelined transaction sent straight to its connection.
 */
const insertEntry = driverStatement(
  `insert into audit_entries
     (id, workspace_id, at, api_key_id, action, actor, target, changes, summary, actor_email)
   values ($1, $2, $3::timestamptz, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb, $10)`,
);

/**
 * Writes an entry. Its texts come from the call (and are cut to bounds), so a lone surrogate,
 * given or made by a cut, would make PostgreSQL refuse the entry and with it the call.
 */
export async function insertAuditEntry(db: DbOrTx, row: AuditRow): Promise<void> {
  // Nearly every value has no lone surrogate: the walk that mends one runs only when needed.
  const json = (value: unknown) => {
    const text = JSON.stringify(value);
    return escapedSurrogate.test(text) ? JSON.stringify(storable(value)) : text;
  };
  await insertEntry(db, [
    row.id,
    row.workspaceId,
    row.at.toISOString(),
    row.apiKeyId,
    row.action,
    json(row.actor),
    json(row.target),
    json(row.changes),
    json(row.summary),
    row.actorEmail,
  ]);
}

/** A keyset position in the log's order: time, then id, both descending. */
export interface AuditPosition {
  at: string;
  id: string;
}

export interface AuditQuery {
  workspaceId: string;
  apiKeyId?: string | undefined;
  action?: string | undefined;
  /** The e-mail of the person who made the calls through a session. */
  person?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
  after?: AuditPosition | undefined;
  limit: number;
}

/** One page of a workspace's entries, newest first, read backwards along one of the indexes. */
export function auditPageStatement(db: DbOrTx, q: AuditQuery) {
  const t = auditEntries;
  const conditions: SQL[] = [eq(t.workspaceId, q.workspaceId)];
  if (q.apiKeyId !== undefined) conditions.push(eq(t.apiKeyId, q.apiKeyId));
  if (q.action !== undefined) conditions.push(eq(t.action, q.action));
  if (q.person !== undefined) conditions.push(eq(t.actorEmail, q.person));
  if (q.since) conditions.push(gte(t.at, q.since));
  if (q.until) conditions.push(lt(t.at, q.until));
  if (q.after) {
    conditions.push(afterPosition([t.at, t.id], [new Date(q.after.at), q.after.id], 'desc'));
  }
  return db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(desc(t.at), desc(t.id))
    .limit(rowsToFetch(q.limit));
}

/** Rows deleted per statement: short statements keep every other writer moving. */
export const AUDIT_RETENTION_BATCH = 5000;

/**
 * Deletes entries older than `days` days before `now`, one batch of at most `batch` rows (each
 * workspace's oldest first, along `audit_entries_time_idx`); answers how many it deleted. The
 * retention job calls it until it answers less than a batch (or `deleteOldAuditEntries` does).
 */
export async function deleteAuditEntriesBatch(
  db: DbOrTx,
  now: Date,
  days: number,
  batch: number = AUDIT_RETENTION_BATCH,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const deleted = await rowsOf<{ id: string }>(db, auditRetentionBatchStatement(cutoff, batch));
  return deleted.length;
}

/**
 * One retention batch: at most `batch` entries older than `cutoff`, found per workspace along
 * `audit_entries_time_idx` (each workspace's oldest first) and deleted by primary key.
 */
export function auditRetentionBatchStatement(cutoff: Date, batch: number): SQL {
  // `= any(array(…))`, not `in (…)`: with `in`, the planner hash-joins the batch against a
  // sequential scan of the whole table.
  return sql`delete from audit_entries where id = any(array(
      select old.id from workspaces w cross join lateral (
        select e.id from audit_entries e where e.workspace_id = w.id and e.at < ${cutoff}
        order by e.at limit ${batch}) old
      limit ${batch}))
    returning id`;
}

/** Deletes every entry older than `days` days, batch after batch; answers how many. */
export async function deleteOldAuditEntries(db: DbOrTx, now: Date, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteAuditEntriesBatch(db, now, days);
    total += deleted;
    if (deleted < AUDIT_RETENTION_BATCH) return total;
  }
}
