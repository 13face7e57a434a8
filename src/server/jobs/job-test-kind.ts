import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/transaction';
import type { JobRunner } from './job-runner';
import { jobKind } from './job-types';

/**
 * A job kind that exists only to prove the runner: each task waits `delayMs` and records one
 * effect row. Registered only when a test asks (see job-test-routes.ts), never in service.
 */
export const testJobKind = jobKind(
  'test.record-effects',
  z.object({ delayMs: z.number().int().min(0).max(60_000) }),
  z.object({ n: z.number().int() }),
);

/**
 * Where the test kind's tasks leave their effects. No unique key on purpose: a task that ran
 * twice must show up as two rows, not be hidden by a conflict.
 */
export async function ensureTestEffectsTable(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    create table if not exists job_test_effects (
      job_id text not null,
      seq int not null,
      runner text not null,
      pid int not null,
      at timestamptz not null default now()
    )`);
}

export interface TestEffect {
  seq: number;
  runner: string;
  pid: number;
}

export async function readTestEffects(db: DbOrTx, jobId: string): Promise<TestEffect[]> {
  const result: unknown = await db.execute(
    sql`select seq, runner, pid from job_test_effects where job_id = ${jobId} order by seq, at`,
  );
  return (result as { rows: TestEffect[] }).rows;
}

/**
 * The task waits inside its transaction and then writes its effect there, so a process killed
 * during the wait leaves nothing behind, and the retry writes the effect exactly once.
 */
export function registerTestJobKind(runner: JobRunner): void {
  runner.register(testJobKind, {
    async runTask(tx, task) {
      await sleep(task.job.input.delayMs, undefined, { signal: task.signal });
      await tx.execute(sql`
        insert into job_test_effects (job_id, seq, runner, pid)
        values (${task.job.id}, ${task.seq}, ${runner.id}, ${process.pid})`);
    },
  });
}
