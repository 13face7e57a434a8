import { setTimeout as sleep } from 'node:timers/promises';
import { transientConflictOf } from './sql-state';

/** Runs of one transaction at most: the first and two more. */
export const MAX_CONFLICT_ATTEMPTS = 3;

/** Called before a transaction runs again, with the SQLSTATE that ended the previous run. */
export type OnConflictRetry = (sqlState: string, attempt: number) => void;

/**
 * Runs `attempt` (one whole transaction) again when PostgreSQL ended it for its timing against
 * another: a deadlock, in which PostgreSQL fails one of two transactions for the other to go on,
 * or a serialization failure. The other transaction has its locks by then, so a short, jittered
 * pause lets it finish first. `attempt` must start from nothing each time: everything it did
 * in the database was rolled back, and whatever it keeps outside must be made anew.
 */
export async function retryOnConflict<T>(
  attempt: () => Promise<T>,
  onRetry: OnConflictRetry,
): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (err) {
      const state = transientConflictOf(err);
      if (state === undefined || run >= MAX_CONFLICT_ATTEMPTS) throw err;
      onRetry(state, run + 1);
      await sleep(run * (5 + Math.random() * 20));
    }
  }
}
