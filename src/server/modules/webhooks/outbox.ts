import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection';
import type { Tx } from '../workspace/store';
import { type NewMessageRow, type OutboxEvent, insertMatchingMessages } from './outbox-store';

/** An event as a module reports it; the outbox turns it into one message per matching endpoint. */
export interface WebhookEvent {
  /** `<feature>.<action>`, e.g. `comment.add`. */
  type: string;
  /** The organization the event happened in; null matches only endpoints without channels. */
  channel: string | null;
  data: Record<string, unknown>;
}

/** What made the event: a call of the REST API, or Send Test Event. */
export type EventSource = 'api' | 'test';

/** Names the side that emits the events: this service (the hosted product's SDK would be 'sdk'). */
export const PAYLOAD_PLATFORM = 'server';

/** The same form as the ids the outbox statement makes: `msg_` and 32 hex digits. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/**
 * The delivery payload of DESIGN.md, `{ event, actionType, source, data, webhookId, platform }`,
 * split around `webhookId` so that the database can put each message's own id in.
 */
export function payloadParts(event: WebhookEvent, source: EventSource): OutboxEvent {
  const marker = '\u0000webhookId\u0000';
  const json = JSON.stringify({
    event: event.type,
    actionType: event.type.slice(event.type.indexOf('.') + 1),
    source,
    data: event.data,
    webhookId: marker,
    platform: PAYLOAD_PLATFORM,
  });
  const quoted = JSON.stringify(marker);
  const at = json.lastIndexOf(quoted);
  return {
    type: event.type,
    channel: event.channel,
    head: `${json.slice(0, at)}"`,
    tail: `"${json.slice(at + quoted.length)}`,
  };
}

/** One message for one endpoint, whatever its filters (Send Test Event). */
export function messageRow(
  endpointId: string,
  event: WebhookEvent,
  source: EventSource,
  now: Date,
): NewMessageRow {
  const id = newMessageId();
  const parts = payloadParts(event, source);
  return {
    id,
    endpointId,
    eventType: event.type,
    channel: event.channel,
    payload: parts.head + id + parts.tail,
    nextAttemptAt: now,
    createdAt: now,
  };
}

/**
 * Writes one outbox row per event and matching endpoint. Call it inside the transaction of the
 * change the events describe: they commit, or roll back, together with it. Disabled endpoints
 * get no row, so re-enabling one never replays what happened meanwhile.
 */
export async function enqueueEvents(
  tx: Db | Tx,
  apiKeyId: string,
  events: readonly WebhookEvent[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  return insertMatchingMessages(
    tx,
    apiKeyId,
    events.map((e) => payloadParts(e, 'api')),
    now,
  );
}
