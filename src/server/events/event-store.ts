import { sql } from 'drizzle-orm';
import { type DbOrTx, forEachChunk, rowsOf } from '../db/transaction';

/** A row of the event outbox, before it is written. */
export interface EventRow {
  type: string;
  channel: string | null;
  source: string;
  /** JSON text. */
  data: string;
}

/** Rows per INSERT; larger batches are written in several, with the event loop served between. */
const ROWS_PER_STATEMENT = 2000;

/**
 * Writes events with the webhook endpoints (the outbox's one consumer) each matches now: the
 * feature on, the endpoint not disabled, the type in its filterTypes (or none) and the channel in
 * its channels (or none). An event no endpoint matches is not written, so an endpoint disabled at
 * the time never gets it, also not once enabled again. Answers how many were written.
 */
export async function insertEvents(
  db: DbOrTx,
  apiKeyId: string,
  rows: readonly EventRow[],
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  let written = 0;
  await forEachChunk(rows, ROWS_PER_STATEMENT, async (chunk) => {
    const [result] = await rowsOf<{ n: number }>(
      db,
      sql`
      with subscriber as (
        select e.id, e.filter_types, e.channels from webhook_endpoints e
        join webhook_configs c on c.api_key_id = e.api_key_id and c.is_enabled
        where e.api_key_id = ${apiKeyId} and not e.disabled
      ),
      written as (
        insert into events (api_key_id, type, channel, source, data, endpoint_ids, created_at)
        select ${apiKeyId}, ev.type, ev.channel, ev.source, ev.data, matched.ids, ${at}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
          as ev(type text, channel text, source text, data text)
        cross join lateral (
          select array_agg(s.id order by s.id) as ids from subscriber s
          where (s.filter_types is null or ev.type = any(s.filter_types))
            and (s.channels is null or ev.channel = any(s.channels))
        ) matched
        where matched.ids is not null
        returning 1
      )
      select count(*)::int as n from written`,
    );
    written += result?.n ?? 0;
  });
  return written;
}
