import { sql } from 'drizzle-orm';
import { type DbOrTx, forEachChunk } from '../db/transaction';
import { preparedRowsOf } from '../db/prepared';

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
 * The event type of a notification the service created (Add Notifications). Only the basic
 * webhook service's processed URL receives it; advanced endpoints do not.
 */
export const NOTIFICATION_EVENT = 'notification.add';

/**
 * Writes events with the webhook endpoints (the outbox's one consumer) each matches now. An
 * advanced endpoint matches with advanced webhooks on, the endpoint not disabled, the type in its
 * filterTypes (or none) and the channel in its channels (or none); the basic service's raw URL
 * with the service on and the type's trigger on (a new thread's first comment only as the
 * thread's event, when both come in one chunk, as one call writes them); its processed URL with
 * the service on, for notifications. An event no endpoint matches is not written, so an endpoint
 * disabled at the time never gets it, also not once enabled again. Answers how many were written.
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
    const [result] = await preparedRowsOf<{ n: number }>(
      db,
      sql`
      with subscriber as (
        select e.id, e.kind, e.filter_types, e.channels, w.triggers from webhook_endpoints e
        left join webhook_configs c on c.api_key_id = e.api_key_id
        left join webhook_service_configs w on w.api_key_id = e.api_key_id
        where e.api_key_id = ${apiKeyId} and not e.disabled
          and case when e.kind = 'advanced' then coalesce(c.is_enabled, false)
            else coalesce(w.use_webhook_service, false) end
      ),
      chunk as (
        select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
          as ev(type text, channel text, source text, data text)
      ),
      -- A thread's first comment is its comment_annotation.add (actionType newlyAdded) for the
      -- basic service, never also a comment.add (added), as the hosted product sends them.
      first_comment as (
        select data::jsonb #>> '{commentAnnotation,comments,0,commentId}' as id from chunk
        where type = 'comment_annotation.add'
      ),
      written as (
        insert into events (api_key_id, type, channel, source, data, endpoint_ids, created_at)
        select ${apiKeyId}, ev.type, ev.channel, ev.source, ev.data, matched.ids, ${at}::timestamptz
        from chunk ev
        cross join lateral (
          select array_agg(s.id order by s.id) as ids from subscriber s
          where case s.kind
            when 'advanced' then ev.type <> ${NOTIFICATION_EVENT}
              and (s.filter_types is null or ev.type = any(s.filter_types))
              and (s.channels is null or ev.channel = any(s.channels))
            when 'basic_raw' then coalesce((s.triggers ->> ev.type)::boolean, false)
              and not (ev.type = 'comment.add'
                and (ev.data::jsonb ->> 'commentId') in (select id from first_comment))
            else ev.type = ${NOTIFICATION_EVENT} end
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
