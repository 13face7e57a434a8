import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { webhookAttempts, webhookMessages } from '../../db/schema/webhooks-schema';
import { type Tx, rowsOf } from '../../db/transaction';
import type { AnyEvent } from '../../events/event-outbox';
import { newMessageIdSql, payloadSql } from '../../jobs/webhook-payload-sql';
import type { Cursor } from './iterator';
import { afterPosition, rowsToFetch } from '../../db/keyset';

export type MessageRow = typeof webhookMessages.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/**
 * Queues one message for one endpoint whatever its filters (Send Test Event), due now, and
 * answers its id. The payload is put together as for every fanned-out event.
 */
export async function insertDirectMessage(
  db: Db | Tx,
  endpointId: string,
  event: AnyEvent,
  source: 'test',
  now: Date,
): Promise<string> {
  const at = now.toISOString();
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`
    with message as (select ${newMessageIdSql} as id)
    insert into webhook_messages
      (id, endpoint_id, event_type, channel, payload, next_attempt_at, created_at)
    select id, ${endpointId}, ${event.type}, ${event.channel},
      ${payloadSql({
        type: sql`${event.type}::text`,
        source: sql`${source}::text`,
        data: sql`${JSON.stringify(event.data)}::text`,
        messageId: sql`id`,
      })},
      ${at}::timestamptz, ${at}::timestamptz
    from message
    returning id`,
  );
  if (!row) throw new Error('the test message was not inserted');
  return row.id;
}

/** Newest first, from the index on (endpoint_id, created_at, id) read backwards. */
export async function listMessagesPage(
  db: Db | Tx,
  endpointId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<MessageRow[]> {
  return messagesPageQuery(db, endpointId, cursor, limit);
}

/** The query of listMessagesPage, apart so that a test can check its plan (`getSQL()`). */
export function messagesPageQuery(
  db: Db | Tx,
  endpointId: string,
  cursor: Cursor | undefined,
  limit: number,
) {
  const t = webhookMessages;
  const before = cursor
    ? afterPosition(
        [t.createdAt, t.id],
        [sql`${new Date(cursor.createdAtMs).toISOString()}::timestamptz`, cursor.id],
        'desc',
      )
    : undefined;
  return db
    .select()
    .from(t)
    .where(and(eq(t.endpointId, endpointId), before))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(rowsToFetch(limit));
}

/** The attempts of a page of messages, oldest first per message. */
export async function attemptsOf(db: Db | Tx, messageIds: string[]): Promise<AttemptRow[]> {
  if (messageIds.length === 0) return [];
  const t = webhookAttempts;
  return db
    .select()
    .from(t)
    .where(inArray(t.messageId, messageIds))
    .orderBy(asc(t.messageId), asc(t.attemptedAt), asc(t.id));
}

export async function findMessage(
  db: Db | Tx,
  endpointId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.id, messageId), eq(webhookMessages.endpointId, endpointId)))
    .limit(1);
  return row;
}

/**
 * Makes the message due now with a fresh retry schedule. A message a worker holds right now is
 * left alone (false): its attempt is already under way.
 */
export async function requeueMessage(
  db: Db | Tx,
  endpointId: string,
  messageId: string,
  now: Date,
): Promise<boolean> {
  const t = webhookMessages;
  const updated = await db
    .update(t)
    .set({
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: now,
      slotted: false,
      failureReason: null,
    })
    .where(and(eq(t.id, messageId), eq(t.endpointId, endpointId), isNull(t.claimId)))
    .returning({ id: t.id });
  return updated.length > 0;
}

/** Requeues the failed messages created in [since, until); a range of the endpoint's index. */
export async function requeueFailed(
  db: Db | Tx,
  endpointId: string,
  range: { since: Date; until: Date | undefined },
  now: Date,
): Promise<number> {
  const t = webhookMessages;
  const until = range.until
    ? sql`and ${t.createdAt} < ${range.until.toISOString()}::timestamptz`
    : sql``;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    with requeued as (
      update ${t} set status = 'pending', attempt_count = 0, slotted = false,
        failure_reason = null, next_attempt_at = ${now.toISOString()}::timestamptz
      where ${t.endpointId} = ${endpointId}
        and ${t.createdAt} >= ${range.since.toISOString()}::timestamptz ${until}
        and ${t.status} = 'failed'
      returning 1
    )
    select count(*)::int as n from requeued`,
  );
  return row?.n ?? 0;
}
