import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { newId } from '../crypto/secrets';
import { afterCommit } from '../db/ambient-transaction';
import { retryOnConflict } from '../db/conflict-retry';
import type { Db } from '../db/db';
import type { Tx } from '../db/transaction';
import { DEFAULT_MAX_ATTEMPTS, jobRetryDelayMs } from './job-backoff';
import {
  type ClaimedTask,
  claimTasks,
  completeTask,
  failTask,
  insertJob,
  bringRecurringRunForward,
  insertRecurringRun,
  lockHeldTask,
  readJobProgress,
  releaseAllTasks,
  releaseTasks,
  renewLeases,
  retryTask,
} from './job-store';
import { type RegisteredKind, registeredKind } from './job-registered-kind';
import { Wakeup } from './job-wakeup';
import { type IdleBackoff, idleBackoffOf } from './idle-backoff';
import { withinGrace } from './grace';
import {
  type EnqueuedJob,
  type JobHandler,
  type JobKind,
  type JobProgress,
  type NewJob,
  PermanentError,
  type RecurringJob,
} from './job-types';

export interface RunnerOptions {
  /** Run the polling loop; off in tests that drive passes with runOnce(). */
  background: boolean;
  /** How often an idle runner looks for due tasks; enqueueing here wakes it at once. */
  pollMs: number;
  /** The longest wait between looks that keep finding nothing (`idleBackoffOf`). */
  idleMaxMs?: number;
  /** How long a claim protects a task from other runners; renewed while slow work runs. */
  leaseMs: number;
  /** Tasks this runner runs at the same time. */
  concurrency: number;
  /** No other process can open the database (embedded PGlite): free stale claims at start. */
  exclusiveDatabase: boolean;
}

/**
 * What the runner works with: the database it claims tasks in and the clock it dates them by.
 * Not the app's Services, which hold the runner themselves (modules enqueue through them).
 */
export interface RunnerDeps {
  db: Db;
  clock: Clock;
}

export const defaultRunnerOptions: RunnerOptions = {
  background: true,
  pollMs: 250,
  leaseMs: 60_000,
  concurrency: 4,
  exclusiveDatabase: false,
};

/** A task of a kind this process does not know is left for another, and looked at again later. */
const UNKNOWN_KIND_DELAY_MS = 60_000;

/** This runner no longer holds the task (its lease ended and another runner took it). */
class ClaimLost extends Error {}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs durable jobs. A module registers a handler per kind of job and enqueues jobs inside its
 * own transactions; the runner claims their tasks under a lease, runs them, retries failures
 * with backoff and fails a task's job when the task cannot succeed. Any number of runners, in
 * any number of processes, can share one database; a task whose runner died is taken up again
 * when its lease ends (at once on the embedded database, at start-up).
 */
export class JobRunner {
  /** Written into `claimed_by` of the tasks this runner holds. */
  readonly id = newId('run');
  private readonly options: RunnerOptions;
  private readonly kinds = new Map<string, RegisteredKind>();
  private readonly recurring: RecurringJob[] = [];
  private readonly running = new Map<number, Promise<void>>();
  /** Tasks running outside a transaction, whose leases the heartbeat renews. */
  private readonly renewing = new Set<number>();
  /** Stops the claiming loop. */
  private readonly stopping = new AbortController();
  /** Tells the tasks under way to give up (once the grace of a stop has passed). */
  private readonly abandon = new AbortController();
  private readonly wakeup = new Wakeup();
  private readonly backoff: IdleBackoff;
  private heartbeat: NodeJS.Timeout | undefined;
  private loopDone: Promise<void> | undefined;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly s: RunnerDeps,
    private readonly log: FastifyBaseLogger,
    options: Partial<RunnerOptions> = {},
  ) {
    this.options = { ...defaultRunnerOptions, ...options };
    this.backoff = idleBackoffOf(this.options);
  }

  /** Registers the handler of a kind; register every kind before the app is ready. */
  register<J, T>(kind: JobKind<J, T>, handler: JobHandler<J, T>): void {
    if (this.kinds.has(kind.name)) throw new Error(`job kind ${kind.name} is registered already`);
    this.kinds.set(kind.name, registeredKind(kind, handler));
  }

  /**
   * Registers a recurring job; its first run is due when the runner starts (unless a run is
   * already pending), each next one `everyMs` after the last ended, in the transaction that
   * records the end, so the chain of runs is never broken nor doubled by a crash.
   */
  recur(job: RecurringJob): void {
    if (this.kinds.has(job.name)) throw new Error(`job kind ${job.name} is registered already`);
    this.recurring.push(job);
    this.kinds.set(job.name, {
      mode: 'db',
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run: (_db, task, signal, now) => job.run(this.s.db, { now, signal, attempt: task.attempts }),
      done: async (tx, _job, after) => {
        if (after.transition && !job.onDemand) await this.scheduleRun(tx, job, job.everyMs);
      },
    });
  }

  private scheduleRun(tx: Tx | Db, job: RecurringJob, delayMs: number): Promise<void> {
    const now = this.s.clock();
    const dueAt = new Date(now.getTime() + delayMs);
    this.backoff.dueAt(dueAt);
    return insertRecurringRun(tx, { id: newId('job'), kind: job.name, now, dueAt });
  }

  /**
   * Writes a job of a registered kind with one task per entry of `job.tasks`, in the caller's
   * transaction, so the job exists exactly when the change that asked for it commits; then
   * wakes this runner. (On PostgreSQL a wake that comes before the commit finds nothing: the
   * next poll, at most `pollMs` later, starts the job; a write call's transaction defers it.)
   */
  async enqueue<J, T>(tx: Tx | Db, kind: JobKind<J, T>, job: NewJob<J, T>): Promise<EnqueuedJob> {
    const handler = this.kinds.get(kind.name);
    if (!handler) throw new Error(`job kind ${kind.name} is not registered`);
    const jobId = newId('job');
    const now = this.s.clock();
    await insertJob(tx, {
      id: jobId,
      kind: kind.name,
      apiKeyId: job.apiKeyId,
      input: job.input,
      tasks: job.tasks,
      now,
    });
    if (job.tasks.length === 0) {
      const raw = { jobId, kind: kind.name, apiKeyId: job.apiKeyId, jobInput: job.input };
      await handler.done(tx, raw, { transition: 'completed', failureReason: null });
    } else {
      afterCommit(() => this.notify());
    }
    return { jobId, tasksCount: job.tasks.length };
  }

  /** A job's state and progress, or undefined when the tenant has no such job. */
  progress(apiKeyId: string, jobId: string): Promise<JobProgress | undefined> {
    return readJobProgress(this.s.db, apiKeyId, jobId);
  }

  async start(): Promise<void> {
    if (this.options.exclusiveDatabase) {
      const freed = await releaseAllTasks(this.s.db, this.s.clock());
      if (freed > 0) this.log.warn({ freed }, 'job tasks of a stopped process are due again');
    }
    for (const job of this.recurring) {
      if (!job.onDemand) await this.scheduleRun(this.s.db, job, 0);
    }
    if (!this.options.background) return;
    this.heartbeat = setInterval(() => void this.renew(), this.options.leaseMs / 3);
    this.heartbeat.unref();
    this.loopDone = this.loop();
  }

  /**
   * Makes a run of an on-demand recurring job due now: a new one, or the pending one (waiting to
   * retry) brought forward; one run at a time across processes, as for every recurring job.
   */
  async runSoon(name: string): Promise<void> {
    const job = this.recurring.find((each) => each.name === name);
    if (!job) throw new Error(`recurring job ${name} is not registered`);
    const now = this.s.clock();
    await this.scheduleRun(this.s.db, job, 0);
    await bringRecurringRunForward(this.s.db, name, now);
    this.notify();
  }

  /** Work was just queued: look now rather than at the next poll. */
  notify(): void {
    this.backoff.reset();
    this.wakeup.notify();
  }

  /**
   * Runs everything due now (on the service clock) and resolves when it has run; tasks whose
   * retry falls due later are left for a later call. Tests drive the runner with it.
   */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const started = await this.claimAndStart(this.options.concurrency);
      if (started.length === 0) return total;
      total += started.length;
      await Promise.all(started);
    }
  }

  /**
   * Stops claiming at once. Tasks under way have `graceMs` to finish; then their signal tells them
   * to give up, and each hands its task back, due at once for another runner. The heartbeat keeps
   * their leases until they are done.
   */
  stop(graceMs = 0): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping.abort();
      this.wakeup.notify();
      await this.loopDone;
      const settled = Promise.allSettled([...this.running.values()]);
      await withinGrace(settled, graceMs);
      this.abandon.abort();
      await settled;
      clearInterval(this.heartbeat);
    })();
    return this.stopped;
  }

  private async loop(): Promise<void> {
    const { concurrency, pollMs } = this.options;
    while (!this.stopping.signal.aborted) {
      const room = concurrency - this.running.size;
      try {
        const started = room > 0 ? await this.claimAndStart(room) : [];
        if (room > 0 && started.length === room) {
          // More may be due. The embedded database shares this event loop with HTTP: let
          // other work in before the next claim.
          this.backoff.reset();
          await nextMacrotask();
        } else if (started.length > 0 || room === 0) {
          // Until a notify (work queued here, a slot freed) or the next poll.
          this.backoff.reset();
          await this.wakeup.wait(pollMs);
        } else {
          // Nothing due: until a notify, or a look that comes later each time nothing is found.
          await this.wakeup.wait(this.backoff.next(this.s.clock().getTime()));
        }
      } catch (err) {
        this.log.error({ err }, 'job runner pass failed');
        await this.wakeup.wait(pollMs * 4);
      }
    }
  }

  private async claimAndStart(limit: number): Promise<Promise<void>[]> {
    if (this.stopping.signal.aborted) return [];
    const now = this.s.clock();
    this.backoff.looked(now.getTime());
    const claimed = await claimTasks(this.s.db, {
      runnerId: this.id,
      now,
      leaseEnd: new Date(now.getTime() + this.options.leaseMs),
      limit,
    });
    // A task of ours whose lease ran out while it waited for the database (on the embedded
    // one, behind other transactions) comes back to us: the run under way will finish it.
    const fresh = claimed.filter((task) => !this.running.has(task.id));
    return fresh.map((task) => {
      const run = this.execute(task, now).finally(() => {
        this.running.delete(task.id);
        this.renewing.delete(task.id);
        this.wakeup.notify();
      });
      this.running.set(task.id, run);
      return run;
    });
  }

  private async execute(task: ClaimedTask, now: Date): Promise<void> {
    const kind = this.kinds.get(task.kind);
    if (!kind) {
      this.log.warn({ kind: task.kind, taskId: task.id }, 'job kind not registered here');
      await this.handBack(task, UNKNOWN_KIND_DELAY_MS);
      return;
    }
    const signal = this.abandon.signal;
    try {
      if (task.jobStatus === 'failed') throw new PermanentError('Not run: the job failed.');
      if (task.attempts > kind.maxAttempts) {
        throw new PermanentError(`The task was interrupted ${task.attempts - 1} times.`);
      }
      if (kind.mode === 'transaction') {
        // A deadlock or serialization failure is about timing, not the task: run it again
        // now rather than count it as a failed attempt.
        await retryOnConflict(
          () =>
            this.s.db.transaction(async (tx) => {
              if (!(await lockHeldTask(tx, task.id, this.id))) throw new ClaimLost();
              await kind.run(tx, task, signal, now);
              await this.finish(tx, task, kind);
            }),
          (sqlState, attempt) => {
            this.log.warn(
              { taskId: task.id, jobId: task.jobId, sqlState, attempt },
              'job task’s transaction ended by a conflict with another; running it again',
            );
          },
        );
      } else {
        this.renewing.add(task.id);
        await kind.run(this.s.db, task, signal, now);
        this.renewing.delete(task.id);
        await this.s.db.transaction((tx) => this.finish(tx, task, kind));
      }
    } catch (err) {
      if (err instanceof ClaimLost) {
        this.log.warn(
          { taskId: task.id, jobId: task.jobId },
          'job task taken over by another runner',
        );
      } else if (signal.aborted && !(err instanceof PermanentError)) {
        await this.handBack(task, 0);
      } else {
        await this.failed(task, kind, err);
      }
    }
  }

  /** Marks the task done, and its job when it was the last; rolls back if the task was lost. */
  private async finish(tx: Tx, task: ClaimedTask, kind: RegisteredKind): Promise<void> {
    const after = await completeTask(tx, {
      id: task.id,
      jobId: task.jobId,
      runnerId: this.id,
      now: this.s.clock(),
    });
    if (!after) throw new ClaimLost();
    await kind.done(tx, task, after);
  }

  private async failed(task: ClaimedTask, kind: RegisteredKind, err: unknown): Promise<void> {
    const permanent = err instanceof PermanentError;
    const error = messageOf(err).slice(0, 2000);
    const log = {
      err,
      taskId: task.id,
      jobId: task.jobId,
      kind: task.kind,
      attempt: task.attempts,
    };
    const now = this.s.clock();
    try {
      if (!permanent && task.attempts < kind.maxAttempts) {
        this.log.warn(log, 'job task failed; it will be retried');
        const at = new Date(now.getTime() + jobRetryDelayMs(task.attempts));
        this.backoff.dueAt(at);
        if (await retryTask(this.s.db, { id: task.id, runnerId: this.id, at, error })) return;
      } else {
        this.log.error(log, 'job task failed for good; its job fails');
      }
      // A permanent error's message is written for the console; anything else may be internal.
      const reason = permanent
        ? error
        : `A task failed ${task.attempts} times; the last error is in the service log.`;
      await this.s.db.transaction(async (tx) => {
        const after = await failTask(tx, {
          id: task.id,
          jobId: task.jobId,
          runnerId: this.id,
          now,
          error,
          reason,
        });
        if (after) await kind.done(tx, task, after);
      });
    } catch (recordErr) {
      this.log.error({ err: recordErr, taskId: task.id }, 'job task outcome not recorded');
    }
  }

  private async handBack(task: ClaimedTask, delayMs: number): Promise<void> {
    const at = new Date(this.s.clock().getTime() + delayMs);
    this.backoff.dueAt(at);
    try {
      await releaseTasks(this.s.db, this.id, [task.id], at);
    } catch (err) {
      this.log.warn({ err, taskId: task.id }, 'job task not handed back; its lease will expire');
    }
  }

  private async renew(): Promise<void> {
    const leaseEnd = new Date(this.s.clock().getTime() + this.options.leaseMs);
    try {
      await renewLeases(this.s.db, this.id, [...this.renewing], leaseEnd);
    } catch (err) {
      this.log.warn({ err }, 'job task leases not renewed');
    }
  }
}
