import type { CatalogEventData, CatalogEventType } from '#contract/event-catalog';
import type { DbOrTx } from '../db/transaction';
import { insertEvents } from './event-store';

/** An event of any type, as the outbox stores one: Send Test Event may name a type of its own. */
export interface AnyEvent {
  /** `<feature>.<action>`, e.g. `comment.add`. */
  type: string;
  /** The organization the event happened in; null matches only endpoints without channels. */
  channel: string | null;
  data: Record<string, unknown>;
}

/**
 * Something that happened, as a module reports it: only a type of the event-type catalog, with
 * the `data` its schema gives, so that the service cannot emit a type the catalog does not list.
 */
export type DomainEvent = {
  [T in CatalogEventType]: AnyEvent & { type: T; data: CatalogEventData<T> };
}[CatalogEventType];

/**
 * Writes events to the outbox. Call it inside the transaction of the change the events describe:
 * they commit, or roll back, together with it. Answers how many were written: an event that no
 * webhook endpoint subscribes to right now is dropped.
 */
export async function enqueueEvents(
  tx: DbOrTx,
  apiKeyId: string,
  events: readonly DomainEvent[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  return insertEvents(
    tx,
    apiKeyId,
    events.map((e) => ({
      type: e.type,
      channel: e.channel,
      source: 'api',
      data: JSON.stringify(e.data),
    })),
    now,
  );
}
