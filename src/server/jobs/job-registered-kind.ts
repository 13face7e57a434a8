import type { z } from 'zod';
import type { Db } from '../db/db';
import type { Tx } from '../db/transaction';
import { DEFAULT_MAX_ATTEMPTS } from './job-backoff';
import type { ClaimedTask, JobAfterTask } from './job-store';
import { type JobHandler, type JobKind, type JobOutcome, PermanentError } from './job-types';

/** A job as its tasks' claim reads it, inputs not yet parsed. */
export type RawJob = Pick<ClaimedTask, 'jobId' | 'kind' | 'apiKeyId' | 'jobInput'>;

/** What the runner keeps of a kind's handler: its inputs parsed with the kind's schemas. */
export interface RegisteredKind {
  mode: 'transaction' | 'db';
  maxAttempts: number;
  run(db: Tx | Db, task: ClaimedTask, signal: AbortSignal, now: Date): Promise<void>;
  /** Calls the kind's onJobDone when `after` finished the job. */
  done(tx: Tx | Db, job: RawJob, after: JobAfterTask): Promise<void>;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new PermanentError(`The ${what} is not valid for this kind of job.`);
  return result.data;
}

export function registeredKind<J, T>(
  kind: JobKind<J, T>,
  handler: JobHandler<J, T>,
): RegisteredKind {
  const jobOf = (t: RawJob & { apiKeyId: string }, input: J) => ({
    id: t.jobId,
    kind: t.kind,
    apiKeyId: t.apiKeyId,
    input,
  });
  // Only the service's recurring jobs have no API key, and they are registered apart.
  const tenantOf = (t: ClaimedTask): ClaimedTask & { apiKeyId: string } => {
    if (t.apiKeyId === null) throw new PermanentError('This kind of job belongs to a tenant.');
    return { ...t, apiKeyId: t.apiKeyId };
  };
  return {
    mode: handler.mode ?? 'transaction',
    maxAttempts: handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run: (db, claimed, signal, now) => {
      const t = tenantOf(claimed);
      return handler.runTask(db, {
        id: t.id,
        seq: t.seq,
        input: parsed(kind.taskInput, t.input, 'task input'),
        attempt: t.attempts,
        job: jobOf(t, parsed(kind.jobInput, t.jobInput, 'job input')),
        signal,
        now,
      });
    },
    done: async (tx, raw, after) => {
      if (!handler.onJobDone || !after.transition || raw.apiKeyId === null) return;
      const t = { ...raw, apiKeyId: raw.apiKeyId };
      // A job whose input no longer parses has failed for that; its hook cannot run.
      const input = kind.jobInput.safeParse(t.jobInput);
      if (!input.success) return;
      const outcome: JobOutcome<J> = {
        ...jobOf(t, input.data),
        status: after.transition,
        failureReason: after.failureReason,
      };
      await handler.onJobDone(tx, outcome);
    },
  };
}
