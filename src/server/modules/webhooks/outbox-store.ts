import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { webhookMessages } from '../../db/webhooks-schema';
import type { Tx } from '../workspace/store';

export type NewMessageRow = typeof webhookMessages.$inferInsert;

/** An event ready for the outbox: its payload is `head + messageId + tail`. */
export interface OutboxEvent {
  type: string;
  channel: string | null;
  head: string;
  tail: string;
}

/**
 * Fans events out to every matching endpoint of the key in one statement: the feature is on,
 * the endpoint is not disabled, the event type is in its filterTypes (or it has none) and the
 * channel in its channels (or it has none). Each row gets its own `msg_…` id, which the payload
 * repeats as `webhookId`. Answers how many messages it queued.
 */
export async function insertMatchingMessages(
  db: Db | Tx,
  apiKeyId: string,
  events: readonly OutboxEvent[],
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const result: unknown = await db.execute(sql`
    with ev as (
      select * from jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
        as ev(type text, channel text, head text, tail text)
    ),
    subscriber as (
      select e.id, e.filter_types, e.channels from webhook_endpoints e
      join webhook_configs c on c.api_key_id = e.api_key_id and c.is_enabled
      where e.api_key_id = ${apiKeyId} and not e.disabled
    ),
    fanned as (
      select ev.*, s.id as endpoint_id, 'msg_' || replace(gen_random_uuid()::text, '-', '') as id
      from ev join subscriber s
        on (s.filter_types is null or ev.type = any(s.filter_types))
        and (s.channels is null or ev.channel = any(s.channels))
    ),
    queued as (
      insert into webhook_messages
        (id, endpoint_id, event_type, channel, payload, next_attempt_at, created_at)
      select id, endpoint_id, type, channel, head || id || tail,
        ${at}::timestamptz, ${at}::timestamptz
      from fanned
      returning 1
    )
    select count(*)::int as n from queued`);
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
