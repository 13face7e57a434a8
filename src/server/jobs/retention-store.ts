import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';
import type { RetentionRule } from './retention-rules';

/**
 * One batch of a rule: its oldest `limit` rows older than `cutoff`, removed in one statement.
 * SKIP LOCKED passes over rows a request holds (a resend, a delivery under way); the lock also
 * makes PostgreSQL check the condition again on a row changed meanwhile, so a message that went
 * back to pending is left alone.
 */
export function batchStatement(rule: RetentionRule, cutoff: Date, limit: number): SQL {
  const table = sql.raw(rule.table);
  const key = sql.raw(rule.key);
  const time = sql.raw(rule.timeColumn);
  // An array of keys, not a join: the delete then looks each key up in the primary key, where
  // a join would have the planner guess the batch's size and read the whole table for it.
  return sql`
    with gone as (
      delete from ${table} where ${key} = any(array(
        select ${key} from ${table}
        where ${sql.raw(rule.condition)} and ${time} < ${cutoff.toISOString()}::timestamptz
        order by ${time}
        limit ${limit}
        for update skip locked
      ))
      returning 1
    )
    select count(*)::int as n from gone`;
}

/** Removes one batch; answers how many rows went. */
export async function removeBatch(
  db: Db,
  rule: RetentionRule,
  cutoff: Date,
  limit: number,
): Promise<number> {
  if (rule.removeBatch) return rule.removeBatch(db, cutoff, limit);
  const [row] = await rowsOf<{ n: number }>(db, batchStatement(rule, cutoff, limit));
  return row?.n ?? 0;
}
