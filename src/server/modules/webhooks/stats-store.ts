import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { rowsOf } from '../../db/transaction';

/** One endpoint's figures of one hour and HTTP status (0: no answer). */
export interface StatsRow {
  hourMs: number;
  status: number;
  attempts: number;
  successes: number;
  latency: number[];
}

/**
 * The figures of one endpoint in [from, to), through the primary key's range on (endpoint, hour):
 * at most an hour per row and status, a week's worth at most.
 */
export function statsStatement(endpointId: string, from: Date, to: Date): SQL {
  return sql`
    select (extract(epoch from hour) * 1000)::float8 as "hourMs", status, attempts, successes,
      latency
    from webhook_endpoint_stats
    where endpoint_id = ${endpointId}
      and hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz`;
}

export function readStats(db: Db, endpointId: string, from: Date, to: Date): Promise<StatsRow[]> {
  return rowsOf<StatsRow>(db, statsStatement(endpointId, from, to));
}
