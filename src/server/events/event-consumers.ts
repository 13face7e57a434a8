import type { Tx } from '../db/transaction';
import type { DomainEvent } from './event-outbox';

/**
 * Work a module does with the events of a write, in the write's own transaction (so that it
 * commits, or rolls back, with the change): the e-mail service turns comment events into mail
 * in its outbox. The webhook outbox is written beside, by `enqueueEvents`.
 */
export type EventConsumer = (
  tx: Tx,
  apiKeyId: string,
  events: readonly DomainEvent[],
  now: Date,
) => Promise<void>;

/** The consumers modules add as the service starts; every write that emits events runs them. */
export class EventConsumers {
  private readonly consumers: EventConsumer[] = [];

  add(consumer: EventConsumer): void {
    this.consumers.push(consumer);
  }

  async run(tx: Tx, apiKeyId: string, events: readonly DomainEvent[], now: Date): Promise<void> {
    if (events.length === 0) return;
    for (const consume of this.consumers) await consume(tx, apiKeyId, events, now);
  }
}
