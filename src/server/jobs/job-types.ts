import type { z } from 'zod';
import type { Db } from '../db/db';
import type { JobStatus } from '../db/schema/jobs-schema';
import type { Tx } from '../db/transaction';

/**
 * A kind of job: its name in the database and the shapes of its inputs. Inputs are parsed with
 * these schemas when a task runs, so a handler sees typed values and a row written by an older
 * version that no longer parses fails its task at once instead of retrying forever.
 */
export interface JobKind<J, T> {
  name: string;
  jobInput: z.ZodType<J>;
  taskInput: z.ZodType<T>;
}

export function jobKind<J, T>(
  name: string,
  jobInput: z.ZodType<J>,
  taskInput: z.ZodType<T>,
): JobKind<J, T> {
  return { name, jobInput, taskInput };
}

/** A job's fields that its handler may read. */
export interface JobInfo<J> {
  id: string;
  kind: string;
  apiKeyId: string;
  input: J;
}

export interface TaskRun<J, T> {
  /** `job_tasks.id`, unique across jobs. */
  id: number;
  /** Position within the job, from 0. */
  seq: number;
  input: T;
  /** This run's number: 1 on the first run, more after failures or crashes. */
  attempt: number;
  job: JobInfo<J>;
  /** Aborted when the runner stops: a handler doing slow work should give up and throw. */
  signal: AbortSignal;
  /** The service clock when the task was claimed. */
  now: Date;
}

export interface JobOutcome<J> extends JobInfo<J> {
  status: 'completed' | 'failed';
  failureReason: string | null;
}

export interface JobHandler<J, T> {
  /**
   * `transaction` (the default): `runTask` gets a transaction in which the runner also marks
   * the task done, so its writes happen exactly once; keep it short, since on the embedded
   * database a transaction holds the only connection. `db`: `runTask` gets the database and
   * the task is marked done afterwards; for slow work (calls to other systems, many
   * transactions), and it must give the same result when run twice.
   */
  mode?: 'transaction' | 'db';
  /** Runs (including ones cut short by a crash) before the task, and so its job, fail. */
  maxAttempts?: number;
  runTask(db: Tx | Db, task: TaskRun<J, T>): Promise<void>;
  /**
   * Called once per job, in the transaction that marks it completed or failed (for a job of no
   * tasks, the transaction that enqueued it).
   */
  onJobDone?(tx: Tx | Db, job: JobOutcome<J>): Promise<void>;
}

/**
 * A job of the service's own, of no tenant, that runs every `everyMs` (counted from the end of
 * the last run), once across every process sharing the database, and survives a crash like any
 * job: a run cut short is taken up again. It runs outside a transaction, in as many small ones
 * as it likes, so it must give the same result when run twice.
 */
export interface RecurringJob {
  name: string;
  everyMs: number;
  /**
   * Run only when asked (`JobRunner.runSoon`), not at start nor `everyMs` after a run: work that
   * has an end (a key rotation). A run that throws is retried as any task is.
   */
  onDemand?: boolean;
  maxAttempts?: number;
  run(db: Db, run: { now: Date; signal: AbortSignal; attempt: number }): Promise<void>;
}

/** A failure that retrying cannot fix: the task and its job fail at once with this message. */
export class PermanentError extends Error {
  override name = 'PermanentError';
}

export interface NewJob<J, T> {
  apiKeyId: string;
  input: J;
  /** One entry per task, in order; none makes a job that completes when it is enqueued. */
  tasks: readonly T[];
}

export interface EnqueuedJob {
  jobId: string;
  tasksCount: number;
}

/** A job's state and progress as callers report it; tasks left = count − done − failed. */
export interface JobProgress {
  id: string;
  kind: string;
  apiKeyId: string;
  status: JobStatus;
  failureReason: string | null;
  tasksCount: number;
  tasksDone: number;
  tasksFailed: number;
  tasksRunning: number;
  tasksLeft: number;
  lastTaskFinishedAt: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}
