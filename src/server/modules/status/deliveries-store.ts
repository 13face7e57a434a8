import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { rowsOf } from '../../db/transaction';

/** Attempts of one minute of the window, by how they ended; minutes without attempts are absent. */
export interface MinuteCount {
  /** The minute's place in the window, from 0 (its first minute). */
  slot: number;
  delivered: number;
  failed: number;
}

/**
 * A workspace's webhook attempts from `start` to `end`, per minute: the window's attempts along
 * their time index, each kept when its message's endpoint belongs to one of the workspace's keys
 * (looked up by primary keys, attempt by attempt, so that the read is the window's size however
 * long the workspace's delivery log). Delivered as the worker decides it: a 2xx without an error.
 */
export function deliveriesStatement(workspaceId: string, start: Date, end: Date): SQL {
  const workspaceOf = sql`(select k.workspace_id from webhook_messages m
      join webhook_endpoints e on e.id = m.endpoint_id
      join api_keys k on k.id = e.api_key_id
      where m.id = a.message_id)`;
  return sql`select floor(extract(epoch from a.attempted_at - ${start}::timestamptz) / 60)::int
        as slot,
      count(*) filter (where a.error is null and a.response_status between 200 and 299)::int
        as delivered,
      count(*) filter (where a.error is not null
        or a.response_status is null or a.response_status not between 200 and 299)::int as failed
    from webhook_attempts a
    where a.attempted_at >= ${start} and a.attempted_at < ${end}
      and ${workspaceOf} = ${workspaceId}
    group by slot order by slot`;
}

export async function deliveriesPerMinute(
  db: Db,
  workspaceId: string,
  start: Date,
  end: Date,
): Promise<MinuteCount[]> {
  return rowsOf<MinuteCount>(db, deliveriesStatement(workspaceId, start, end));
}
