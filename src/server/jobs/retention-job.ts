import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { yieldToEventLoop } from '../db/transaction';
import type { JobRunner } from './job-runner';
import type { RetentionRule } from './retention-rules';
import { removeBatch } from './retention-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The kind of the retention job's runs in the jobs table. */
export const RETENTION_JOB = 'service.retention';

/**
 * Removes, rule by rule, rows past their retention, in batches of `batchSize`, each its own
 * transaction, until a batch comes back short. A run cut short (kill, stop) leaves what it
 * removed removed; the next attempt goes on with what is left, so running twice is harmless.
 */
export async function runRetention(
  db: Db,
  config: Config,
  rules: readonly RetentionRule[],
  run: { now: Date; signal: AbortSignal },
  log: FastifyBaseLogger,
): Promise<void> {
  const { batchSize } = config.retention;
  for (const rule of rules) {
    const days = rule.days(config);
    if (days <= 0) continue;
    const cutoff = new Date(run.now.getTime() - days * DAY_MS);
    let removed = 0;
    for (;;) {
      if (run.signal.aborted) throw new Error('retention stopped: the runner is stopping');
      const n = await removeBatch(db, rule, cutoff, batchSize);
      removed += n;
      if (n < batchSize) break;
      // The embedded database shares the event loop with HTTP: let requests in between batches.
      await yieldToEventLoop();
    }
    if (removed > 0) log.info({ rule: rule.name, removed, cutoff }, 'retention removed rows');
  }
}

/** Registers the recurring retention job on the runner, unless the configuration turns it off. */
export function registerRetention(
  jobs: JobRunner,
  config: Config,
  rules: readonly RetentionRule[],
  log: FastifyBaseLogger,
): void {
  const { everyMinutes } = config.retention;
  if (everyMinutes <= 0) return;
  jobs.recur({
    name: RETENTION_JOB,
    everyMs: everyMinutes * 60_000,
    run: (db, run) => runRetention(db, config, rules, run, log),
  });
}
