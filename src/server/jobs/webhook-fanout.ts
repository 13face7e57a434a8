import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';
import { preparedRowsOf } from '../db/prepared';
import { newMessageIdSql, payloadSql } from './webhook-payload-sql';
import { PARKED } from './endpoint-health-store';

/** An endpoint's new messages wait parked (see fanOutStatement). */
const waitsSql = sql`(e.circuit_opened_at is not null or e.disabled_reason is not null
  or e.health_check_at is not null)`;

/**
 * Messages one fan-out statement may write. The embedded database runs statements on the event
 * loop; at this size one takes tens of milliseconds, so HTTP keeps being answered in between.
 */
export const MAX_MESSAGES_PER_FANOUT = 2000;
const MAX_EVENTS_PER_FANOUT = 1000;

export interface FanOut {
  events: number;
  messages: number;
}

/**
 * Turns the oldest events of one API key (the key of the oldest event overall) into webhook
 * messages, one per endpoint the event matched when it was emitted (and that still exists), and
 * removes them from the outbox, in one statement. Whether an endpoint is still enabled is the
 * delivery's business, as for any message. The number of events taken keeps the messages within
 * the bound, however many endpoints the key has. SKIP LOCKED lets workers of several processes
 * fan out side by side.
 */
export async function fanOutOnce(db: Db, now: Date): Promise<FanOut> {
  const [oldest] = await preparedRowsOf<{ apiKeyId: string; endpoints: number }>(
    db,
    oldestEventStatement(),
  );
  if (!oldest) return { events: 0, messages: 0 };
  const take = Math.max(
    1,
    Math.min(
      MAX_EVENTS_PER_FANOUT,
      Math.floor(MAX_MESSAGES_PER_FANOUT / Math.max(1, oldest.endpoints)),
    ),
  );
  const [done] = await rowsOf<FanOut>(db, fanOutStatement(oldest.apiKeyId, take, now));
  return done ?? { events: 0, messages: 0 };
}

/** The key of the oldest event and how many endpoints it has; apart so a test can check its plan. */
export function oldestEventStatement(): SQL {
  return sql`
    select ev.api_key_id as "apiKeyId",
      (select count(*)::int from webhook_endpoints e where e.api_key_id = ev.api_key_id) as endpoints
    from (select api_key_id from events order by id limit 1) ev`;
}

/**
 * The fan-out of one key's `take` oldest events; apart so a test can check its plan. A message
 * of an endpoint whose circuit is open, that the service disabled, or whose parked backlog is
 * still flowing back is written parked, behind the messages created before it. The endpoints'
 * rows are read locked FOR KEY SHARE (the lock each message's foreign key takes anyway), so as
 * they are once a change that locked them FOR UPDATE commits; and the end of a backlog's flow,
 * which locks the row so, waits for this statement and sees the messages it parked. Reserving
 * rate-limit slots (a no-key update) does not wait for it, nor it for them.
 */
export function fanOutStatement(apiKeyId: string, take: number, now: Date): SQL {
  return sql`
    with picked as (
      select id from events where api_key_id = ${apiKeyId}
      order by id limit ${take}
      for update skip locked
    ),
    gone as (
      delete from events ev using picked where ev.id = picked.id
      returning ev.id, ev.type, ev.channel, ev.source, ev.data, ev.endpoint_ids, ev.created_at
    ),
    fanned as (
      select g.*, e.id as endpoint_id, ${newMessageIdSql} as msg_id, ${waitsSql} as waits
      from gone g join webhook_endpoints e on e.id = any(g.endpoint_ids)
      -- In ID order, the order the endpoints' health locks them in (no deadlock between them).
      order by e.id
      for key share of e
    ),
    queued as (
      insert into webhook_messages
        (id, endpoint_id, event_type, channel, payload, next_attempt_at, created_at)
      select msg_id, endpoint_id, type, channel,
        ${payloadSql({ type: sql`type`, source: sql`source`, data: sql`data`, messageId: sql`msg_id` })},
        case when waits then ${PARKED} else ${now.toISOString()}::timestamptz end, created_at
      from fanned
      order by id, endpoint_id
      returning 1
    )
    select (select count(*) from gone)::int as events, (select count(*) from queued)::int as messages`;
}
