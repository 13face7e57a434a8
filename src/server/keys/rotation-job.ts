import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyRotationConfig } from '../config/config';
import type { KeyRing } from '../crypto/key-ring';
import type { Db } from '../db/db';
import { yieldToEventLoop } from '../db/transaction';
import type { JobRunner } from '../jobs/job-runner';
import { sealedColumns } from './sealed-columns';
import { countNotCurrent, resealBatch } from './sealed-store';

/** The kind of the key rotation's runs in the jobs table. */
export const KEY_ROTATION_JOB = 'service.master-key-rotation';

export interface RotationReport {
  resealed: number;
  unopenable: number;
  /** Values not under the primary key once the run has gone through every column. */
  remaining: number;
}

/**
 * Seals every secret not under the primary key again, column by column, in batches in primary-key
 * order, each one statement (so its own transaction). A run cut short (kill, stop) leaves its
 * committed batches done; the next attempt finds those rows current and goes on with the rest.
 * Then counts what is left, and says whether the previous keys can be dropped.
 */
export async function runKeyRotation(
  db: Db,
  ring: KeyRing,
  run: { signal: AbortSignal } & KeyRotationConfig,
  log: FastifyBaseLogger,
): Promise<RotationReport> {
  const limit = run.batchSize;
  let resealed = 0;
  let unopenable = 0;
  for (const col of sealedColumns) {
    let after: string | undefined;
    for (;;) {
      if (run.signal.aborted) throw new Error('key rotation stopped: the runner is stopping');
      const batch = await resealBatch(db, col, ring, after, limit);
      resealed += batch.resealed;
      unopenable += batch.unopenable;
      if (batch.read > 0) {
        log.info({ column: col.name, resealed: batch.resealed }, 'master key rotation: batch');
      }
      if (batch.read < limit) break;
      after = batch.last;
      // The embedded database shares the event loop with HTTP: let requests in between batches
      // (for KEY_ROTATION_PAUSE_MS, which a stop cuts short).
      await (run.pauseMs > 0
        ? delay(run.pauseMs, undefined, { signal: run.signal })
        : yieldToEventLoop());
    }
  }
  let remaining = 0;
  for (const col of sealedColumns) remaining += await countNotCurrent(db, col, ring);
  const report = { resealed, unopenable, remaining };
  const keys = { primary: ring.primaryId, previous: ring.previousIds };
  if (remaining === 0) {
    log.info(
      { ...keys, ...report },
      ring.previousIds.length > 0
        ? 'master key rotation finished: every secret is sealed under the primary key; the previous master keys can be removed'
        : 'master key rotation: every secret is sealed under the primary key',
    );
  } else {
    log.warn(
      { ...keys, ...report },
      'master key rotation: secrets remain under other keys (written by a process still sealing under an old key, or changed during the run); the next run seals them again',
    );
  }
  return report;
}

/** Runs of a rotation that leave secrets under other keys before its job fails. */
const MAX_ATTEMPTS = 10;

/**
 * Registers the rotation as an on-demand recurring job: one run at a time across every process,
 * taken up again after a crash, retried with backoff while secrets remain under other keys.
 * Answers what starts it: a process that holds previous keys (or finds `v1` ciphertexts of an
 * older version) asks for a run when it is ready, so the restart with a new key starts it.
 */
export function registerKeyRotation(
  jobs: JobRunner,
  ring: KeyRing,
  config: KeyRotationConfig,
  log: FastifyBaseLogger,
): (needed: boolean) => Promise<void> {
  jobs.recur({
    name: KEY_ROTATION_JOB,
    everyMs: 0,
    onDemand: true,
    maxAttempts: MAX_ATTEMPTS,
    run: async (db, run) => {
      const report = await runKeyRotation(db, ring, { ...config, signal: run.signal }, log);
      if (report.remaining > 0) {
        throw new Error(`${report.remaining} secrets remain under other master keys`);
      }
    },
  });
  return async (needed) => {
    if (needed || ring.previousIds.length > 0) await jobs.runSoon(KEY_ROTATION_JOB);
  };
}
