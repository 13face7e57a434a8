import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import type { Tx } from '../db/transaction';
import { gate } from './gate';
import { rows } from './rows';

/**
 * A transaction of the test's own beside the service's (PostgreSQL only: the embedded database
 * has one connection): it runs `first`, holds what it locked until `go` is called, then runs
 * `then` and commits.
 */
export function heldTransaction(
  db: Db,
  first: (tx: Tx) => Promise<unknown>,
  then: (tx: Tx) => Promise<unknown> = () => Promise.resolve(),
) {
  const held = gate();
  const released = gate();
  const done = db.transaction(async (tx) => {
    await first(tx);
    held.open();
    await released.opened;
    await then(tx);
  });
  return { held: held.opened, go: released.open, done };
}

/** Resolves once a statement of this database matching `pattern` (ILIKE) waits for a lock. */
export async function waitingForLock(db: Db, pattern: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const waiting = await rows<{ query: string }>(
      db,
      sql`select query from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and query ilike ${pattern}`,
    );
    if (waiting.length > 0) return;
    await sleep(10);
  }
  throw new Error(`no statement like ${pattern} waited for a lock`);
}
