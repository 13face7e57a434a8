import { type SQL, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from './db';

/** A transaction: the query API of Db, committed or rolled back as a whole. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What store functions take, so that a rule can run them inside its transaction or without one. */
export type DbOrTx = Db | Tx;

/** Rows of a raw statement; both drivers answer `{ rows }`, which the shared Db type leaves open. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Lets the event loop serve I/O (HTTP above all) before the next statement of a long run. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `write` over `items` in chunks of `size`, yielding to the event loop between chunks. The
 * embedded database runs its statements on the event loop: one statement of 50,000 rows would
 * stall every other request for seconds, chunks of a few thousand stall none for long.
 */
export async function forEachChunk<T>(
  items: readonly T[],
  size: number,
  write: (chunk: readonly T[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await yieldToEventLoop();
    await write(items.slice(start, start + size));
  }
}

/**
 * Runs `work` in a transaction that is always rolled back, and answers what it answered: what a
 * change would do, measured by making it where no one else can see it (a dry run).
 */
export async function inRolledBackTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let answer: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      answer = { value: await work(tx) };
      tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  }
  if (!answer) throw new Error('The rolled-back transaction answered nothing.');
  return answer.value;
}
