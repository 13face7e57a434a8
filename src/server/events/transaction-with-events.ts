import type { Tx } from '../db/transaction';
import type { Services } from '../services';
import { type DomainEvent, enqueueEvents } from './event-outbox';

export type Emit = (...events: DomainEvent[]) => void;

/**
 * Runs `work` in a transaction in which it may emit events; they are written to the outbox in the
 * same transaction, and the outbox's consumers are woken once it has committed. The way every
 * module that emits events writes its change.
 */
export async function transactionWithEvents<T>(
  s: Services,
  apiKeyId: string,
  work: (tx: Tx, emit: Emit) => Promise<T>,
): Promise<T> {
  let queued = 0;
  const result = await s.db.transaction(async (tx) => {
    const emitted: DomainEvent[] = [];
    const value = await work(tx, (...events) => emitted.push(...events));
    queued = await enqueueEvents(tx, apiKeyId, emitted, s.clock());
    await s.eventConsumers.run(tx, apiKeyId, emitted, s.clock());
    return value;
  });
  if (queued > 0) s.wake.notify();
  return result;
}
