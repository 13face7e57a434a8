import { type SQL, sql } from 'drizzle-orm';
import { LATENCY_BOUNDS_MS } from '#contract/webhook-stats';

/** Hours start at whole UTC hours, whatever the session's time zone. */
const HOUR_ORIGIN = "timestamptz '2000-01-01 00:00:00+00'";

/**
 * CTEs for recordStatement: the batch's attempts added to each endpoint's figures of the hour
 * and status they fall in (webhook_endpoint_stats), in the statement that logs them, so that the
 * figures cost no statement of their own and count exactly the attempts the log keeps (those of
 * messages that still exist). Expects the batch as `v` (id, status, attempted, at, http, ms).
 * The batch is summed per (endpoint, hour, status) first, as one upsert may touch a row only
 * once; rows are written in key order, so that two workers' batches lock them in the same order.
 */
export function attemptStatsCtes(): SQL {
  const bounds = `array[${LATENCY_BOUNDS_MS.join(',')}]::int[]`;
  return sql.raw(`,
    stat_attempts as (
      select m.endpoint_id, date_bin('1 hour', v.at, ${HOUR_ORIGIN}) as hour,
        coalesce(v.http, 0) as status, v.status = 'delivered' as ok,
        width_bucket(v.ms, ${bounds}) as bucket
      from v join webhook_messages m on m.id = v.id
      where v.attempted and m.id = any(array(select id from v where attempted))
    ),
    stat_cells as (
      select endpoint_id, hour, status, bucket, count(*)::int as n,
        count(*) filter (where ok)::int as ok
      from stat_attempts group by endpoint_id, hour, status, bucket
    ),
    stat_groups as (
      select endpoint_id, hour, status, sum(n)::int as attempts, sum(ok)::int as successes,
        jsonb_object_agg(bucket, n) as cells
      from stat_cells group by endpoint_id, hour, status
    ),
    stat_kept as (
      insert into webhook_endpoint_stats as s
        (endpoint_id, hour, status, attempts, successes, latency)
      select endpoint_id, hour, status, attempts, successes,
        array(select coalesce((cells ->> i::text)::int, 0)
          from generate_series(1, ${LATENCY_BOUNDS_MS.length}) as i order by i)
      from stat_groups
      order by endpoint_id, hour, status
      on conflict (endpoint_id, hour, status) do update set
        attempts = s.attempts + excluded.attempts,
        successes = s.successes + excluded.successes,
        latency = array(select coalesce(a, 0) + coalesce(b, 0)
          from unnest(s.latency, excluded.latency) with ordinality as u(a, b, i) order by i)
    )`);
}
