import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createWorkspaceFixture } from '../testing/fixtures';
import { rows } from '../testing/rows';
import { type TestService, startTestService } from '../testing/test-service';
import { JOB_RETRY_DELAYS_MS } from './job-backoff';
import { JobRunner } from './job-runner';
import { claimTasks, completeTask } from './job-store';
import {
  ensureTestEffectsTable,
  readTestEffects,
  registerTestJobKind,
  testJobKind,
} from './job-test-kind';
import { type JobKind, type JobOutcome, PermanentError, jobKind } from './job-types';

let now = Date.parse('2026-03-01T12:00:00Z');
const clock = () => new Date(now);
let svc: TestService;
let apiKeyId: string;
const runner = () => svc.app.jobRunner;

beforeAll(async () => {
  svc = await startTestService({
    clock,
    jobRunner: { background: false },
    webhookWorker: { background: false },
  });
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  await ensureTestEffectsTable(svc.database.db);
  registerTestJobKind(runner());
});
afterAll(() => svc.close());

interface TaskRow {
  seq: number;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  claimedBy: string | null;
  lastError: string | null;
}

async function tasksOf(jobId: string): Promise<TaskRow[]> {
  const found = await rows<TaskRow>(
    svc.database.db,
    sql`select seq, status, attempts, next_attempt_at as "nextAttemptAt", claimed_by as "claimedBy",
        last_error as "lastError"
      from job_tasks where job_id = ${jobId} order by seq`,
  );
  return found.map((t) => ({ ...t, nextAttemptAt: new Date(t.nextAttemptAt) }));
}

async function leaseUntil(jobId: string): Promise<number | undefined> {
  const [task] = await rows<{ leaseUntil: string | Date | null }>(
    svc.database.db,
    sql`select lease_until as "leaseUntil" from job_tasks where job_id = ${jobId}`,
  );
  return task?.leaseUntil ? new Date(task.leaseUntil).getTime() : undefined;
}

const progress = (jobId: string) => runner().progress(apiKeyId, jobId);

function enqueue<J, T>(kind: JobKind<J, T>, input: J, tasks: T[]) {
  return svc.database.db.transaction((tx) =>
    runner().enqueue(tx, kind, { apiKeyId, input, tasks }),
  );
}

/** A kind whose tasks fail `failures` times each before they succeed, counting their runs. */
function flakyKind(name: string, failures: number, maxAttempts?: number) {
  const runs = new Map<number, number>();
  const outcomes: (JobOutcome<{ label: string }> & { statusInTx: string })[] = [];
  const kind = jobKind(name, z.object({ label: z.string() }), z.object({ n: z.number() }));
  runner().register(kind, {
    ...(maxAttempts ? { maxAttempts } : {}),
    async runTask(tx, task) {
      const run = (runs.get(task.seq) ?? 0) + 1;
      runs.set(task.seq, run);
      if (run <= failures) throw new Error(`run ${run} of task ${task.seq} failed`);
      await tx.execute(sql`select 1`);
    },
    async onJobDone(tx, job) {
      // The hook runs in the transaction that finishes the job: it sees the job's new status.
      const [row] = await rows<{ status: string }>(
        tx,
        sql`select status from jobs where id = ${job.id}`,
      );
      outcomes.push({ ...job, statusInTx: row?.status ?? '' });
    },
  });
  return { kind, runs, outcomes };
}

describe('enqueue', () => {
  it('writes nothing when the transaction that enqueues rolls back', async () => {
    let jobId = '';
    await expect(
      svc.database.db.transaction(async (tx) => {
        ({ jobId } = await runner().enqueue(tx, testJobKind, {
          apiKeyId,
          input: { delayMs: 0 },
          tasks: [{ n: 1 }, { n: 2 }],
        }));
        throw new Error('the change that asked for the job failed');
      }),
    ).rejects.toThrow('the change that asked for the job failed');
    expect(jobId).toMatch(/^job_/);
    expect(await progress(jobId)).toBeUndefined();
    expect(await tasksOf(jobId)).toEqual([]);
    expect(await runner().runOnce()).toBe(0);
  });

  it('completes a job of no tasks at once and calls its hook in the same transaction', async () => {
    const { kind, outcomes } = flakyKind('test.empty', 0);
    const { jobId, tasksCount } = await enqueue(kind, { label: 'nothing to do' }, []);
    expect(tasksCount).toBe(0);
    expect(await progress(jobId)).toMatchObject({
      status: 'completed',
      tasksCount: 0,
      tasksLeft: 0,
      finishedAt: clock(),
    });
    expect(outcomes).toEqual([
      expect.objectContaining({
        id: jobId,
        status: 'completed',
        input: { label: 'nothing to do' },
      }),
    ]);
  });

  it('refuses a kind that is not registered', async () => {
    const unknown = jobKind('test.unregistered', z.object({}), z.object({}));
    await expect(enqueue(unknown, {}, [{}])).rejects.toThrow('not registered');
  });

  it('has no test-job routes unless a test process asks for them', async () => {
    const res = await svc.fetch('/dev/test-jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKeyId, tasks: 1, delayMs: 0 }),
    });
    expect(res.status).toBe(404);
  });

  it('keeps tenants apart: another API key cannot read the job', async () => {
    const { jobId } = await enqueue(testJobKind, { delayMs: 0 }, [{ n: 0 }]);
    expect(await runner().progress('another-key', jobId)).toBeUndefined();
    await runner().runOnce();
  });
});

describe('running', () => {
  it('runs every task once and counts progress', async () => {
    const started = clock();
    const { jobId, tasksCount } = await enqueue(
      testJobKind,
      { delayMs: 0 },
      Array.from({ length: 7 }, (_, n) => ({ n })),
    );
    expect(tasksCount).toBe(7);
    expect(await progress(jobId)).toMatchObject({
      status: 'pending',
      tasksCount: 7,
      tasksDone: 0,
      tasksFailed: 0,
      tasksRunning: 0,
      tasksLeft: 7,
      lastTaskFinishedAt: null,
      startedAt: null,
    });
    now += 1000;
    expect(await runner().runOnce()).toBe(7);
    expect(await progress(jobId)).toMatchObject({
      status: 'completed',
      tasksDone: 7,
      tasksLeft: 0,
      createdAt: started,
      startedAt: clock(),
      finishedAt: clock(),
      lastTaskFinishedAt: clock(),
    });
    const effects = await readTestEffects(svc.database.db, jobId);
    expect(effects.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(new Set(effects.map((e) => e.runner))).toEqual(new Set([runner().id]));
    expect(await runner().runOnce()).toBe(0);
  });

  it('retries a failing task with backoff, then completes it', async () => {
    const { kind, runs, outcomes } = flakyKind('test.flaky', 2);
    const { jobId } = await enqueue(kind, { label: 'flaky' }, [{ n: 0 }, { n: 1 }]);
    for (const [round, delay] of JOB_RETRY_DELAYS_MS.slice(0, 2).entries()) {
      const failedAt = clock().getTime();
      expect(await runner().runOnce()).toBe(2);
      const tasks = await tasksOf(jobId);
      for (const t of tasks) {
        expect(t).toMatchObject({
          status: 'pending',
          attempts: round + 1,
          claimedBy: null,
          lastError: `run ${round + 1} of task ${t.seq} failed`,
        });
        const wait = t.nextAttemptAt.getTime() - failedAt;
        expect(wait).toBeGreaterThanOrEqual(delay * 0.8);
        expect(wait).toBeLessThanOrEqual(delay * 1.2);
      }
      expect(await progress(jobId)).toMatchObject({ status: 'in_progress', tasksLeft: 2 });
      now = Math.min(...tasks.map((t) => t.nextAttemptAt.getTime())) - 1;
      expect(await runner().runOnce(), 'nothing runs before it is due').toBe(0);
      now = Math.max(...tasks.map((t) => t.nextAttemptAt.getTime()));
    }
    expect(await runner().runOnce()).toBe(2);
    expect([...runs.values()]).toEqual([3, 3]);
    expect(await progress(jobId)).toMatchObject({ status: 'completed', tasksDone: 2 });
    expect(outcomes).toEqual([
      expect.objectContaining({ id: jobId, status: 'completed', statusInTx: 'completed' }),
    ]);
  });

  it('fails the task and its job after the kind’s max attempts, with a reason fit to show', async () => {
    const { kind, runs, outcomes } = flakyKind('test.hopeless', 100, 3);
    const { jobId } = await enqueue(kind, { label: 'hopeless' }, [{ n: 0 }, { n: 1 }]);
    for (let round = 1; round <= 3; round++) {
      expect(await runner().runOnce()).toBe(2);
      now = Math.max(...(await tasksOf(jobId)).map((t) => t.nextAttemptAt.getTime()));
    }
    expect([...runs.values()]).toEqual([3, 3]);
    expect(await runner().runOnce()).toBe(0);
    const tasks = await tasksOf(jobId);
    expect(tasks.map((t) => [t.status, t.attempts, t.lastError])).toEqual([
      ['failed', 3, 'run 3 of task 0 failed'],
      ['failed', 3, 'run 3 of task 1 failed'],
    ]);
    expect(await progress(jobId)).toMatchObject({
      status: 'failed',
      failureReason: 'A task failed 3 times; the last error is in the service log.',
      tasksDone: 0,
      tasksFailed: 2,
      tasksLeft: 0,
      finishedAt: clock(),
    });
    expect(outcomes).toEqual([
      expect.objectContaining({
        id: jobId,
        status: 'failed',
        statusInTx: 'failed',
        failureReason: 'A task failed 3 times; the last error is in the service log.',
      }),
    ]);
  });

  it('fails at once on a PermanentError, and the job’s waiting tasks are not run', async () => {
    const ran: number[] = [];
    const outcomes: string[] = [];
    const kind = jobKind('test.permanent', z.object({}), z.object({ n: z.number() }));
    runner().register(kind, {
      runTask(_tx, task) {
        ran.push(task.input.n);
        if (task.input.n === 0 && task.attempt === 2) {
          throw new PermanentError('The source document does not exist.');
        }
        throw new Error('busy');
      },
      onJobDone(_tx, job) {
        outcomes.push(`${job.status}: ${job.failureReason ?? ''}`);
        return Promise.resolve();
      },
    });
    const { jobId } = await enqueue(kind, {}, [{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(await runner().runOnce()).toBe(3);
    // Tasks 1 and 2 wait for a retry well after task 0's, which fails for good.
    await svc.database.db.execute(sql`
      update job_tasks set next_attempt_at = next_attempt_at + interval '1 hour'
      where job_id = ${jobId} and seq > 0`);
    now = (await tasksOf(jobId))[0]?.nextAttemptAt.getTime() ?? now;
    expect(await runner().runOnce()).toBe(1);
    expect(ran.sort()).toEqual([0, 0, 1, 2]);
    const tasks = await tasksOf(jobId);
    expect(tasks.map((t) => [t.status, t.attempts, t.lastError])).toEqual([
      ['failed', 2, 'The source document does not exist.'],
      ['failed', 1, 'Not run: the job failed.'],
      ['failed', 1, 'Not run: the job failed.'],
    ]);
    expect(await progress(jobId)).toMatchObject({
      status: 'failed',
      failureReason: 'The source document does not exist.',
      tasksFailed: 3,
      tasksLeft: 0,
    });
    expect(outcomes).toEqual(['failed: The source document does not exist.']);
    now += 2 * 3_600_000;
    expect(await runner().runOnce()).toBe(0);
  });

  it('fails a task whose input no longer parses, without retrying it', async () => {
    const kind = jobKind('test.strict', z.object({}), z.object({ n: z.number() }));
    let ran = 0;
    runner().register(kind, {
      runTask() {
        ran += 1;
        return Promise.resolve();
      },
    });
    const loose = jobKind('test.strict', z.object({}), z.object({ text: z.string() }));
    const { jobId } = await enqueue(loose, {}, [{ text: 'not a number' }]);
    await runner().runOnce();
    expect(ran).toBe(0);
    expect(await progress(jobId)).toMatchObject({
      status: 'failed',
      failureReason: 'The task input is not valid for this kind of job.',
    });
  });
});

describe('leases', () => {
  it('makes a task held by a runner that died claimable again when its lease ends', async () => {
    const { jobId } = await enqueue(testJobKind, { delayMs: 0 }, [{ n: 0 }]);
    const leaseMs = 60_000;
    const dead = await claimTasks(svc.database.db, {
      runnerId: 'run_dead',
      now: clock(),
      leaseEnd: new Date(now + leaseMs),
      limit: 10,
    });
    expect(dead.map((t) => t.jobId)).toEqual([jobId]);
    expect(await progress(jobId)).toMatchObject({ status: 'in_progress', tasksRunning: 1 });
    now += leaseMs - 1;
    expect(await runner().runOnce(), 'the lease still protects it').toBe(0);
    now += 1;
    expect(await runner().runOnce()).toBe(1);
    expect(await tasksOf(jobId)).toEqual([
      expect.objectContaining({ status: 'completed', attempts: 2, claimedBy: null }),
    ]);
    // The dead runner's late result would be refused: it no longer holds the task.
    const late = await svc.database.db.transaction((tx) =>
      completeTask(tx, { id: dead[0]?.id ?? 0, jobId, runnerId: 'run_dead', now: clock() }),
    );
    expect(late).toBeUndefined();
    expect(await progress(jobId)).toMatchObject({ status: 'completed', tasksDone: 1 });
    expect((await readTestEffects(svc.database.db, jobId)).length).toBe(1);
  });

  it('fails a task that was interrupted more often than its kind allows', async () => {
    const { kind, runs } = flakyKind('test.crashy', 0, 2);
    const { jobId } = await enqueue(kind, { label: 'crashy' }, [{ n: 0 }]);
    for (let i = 0; i < 2; i++) {
      await claimTasks(svc.database.db, {
        runnerId: 'run_crashed',
        now: clock(),
        leaseEnd: clock(),
        limit: 10,
      });
    }
    expect(await runner().runOnce()).toBe(1);
    expect(runs.size).toBe(0);
    expect(await progress(jobId)).toMatchObject({
      status: 'failed',
      failureReason: 'The task was interrupted 2 times.',
    });
  });
});

describe('lease renewal', () => {
  it('keeps a slow task out of other runners’ reach while its runner lives', async () => {
    const kind = jobKind('test.slow-db', z.object({}), z.object({}));
    // Time on the runners' clock moves only when the test moves it, so a busy machine delaying
    // a renewal cannot end the lease; the test waits for each renewal instead of timing it.
    let fakeNow = Date.parse('2026-03-02T00:00:00Z');
    const fakeClock = () => new Date(fakeNow);
    const leaseMs = 300;
    let runs = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const handler = {
      mode: 'db' as const,
      async runTask() {
        runs += 1;
        await released;
      },
    };
    const owner = new JobRunner({ db: svc.database.db, clock: fakeClock }, svc.app.log, {
      leaseMs,
      pollMs: 20,
    });
    const other = new JobRunner({ db: svc.database.db, clock: fakeClock }, svc.app.log, {
      leaseMs,
      background: false,
    });
    let stolen = 0;
    owner.register(kind, handler);
    other.register(kind, {
      ...handler,
      async runTask() {
        stolen += 1;
        await handler.runTask();
      },
    });
    await owner.start();
    try {
      const { jobId } = await svc.database.db.transaction((tx) =>
        owner.enqueue(tx, kind, { apiKeyId, input: {}, tasks: [{}] }),
      );
      await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000 });
      // Three leases' worth of time passes in half-lease steps; without renewals the task would
      // be free for the taking from the second step on.
      for (let step = 0; step < 6; step++) {
        fakeNow += leaseMs / 2;
        const renewedTo = fakeNow + leaseMs;
        await vi.waitFor(async () => expect(await leaseUntil(jobId)).toBe(renewedTo), {
          timeout: 10_000,
          interval: 10,
        });
        // What the other runner may claim of earlier tests' tasks does not count, only this one.
        await other.runOnce();
      }
      release();
      await vi.waitFor(async () => expect((await progress(jobId))?.status).toBe('completed'), {
        timeout: 10_000,
      });
      expect(stolen, 'the other runner never got the task').toBe(0);
      expect(runs).toBe(1);
      expect(await tasksOf(jobId)).toEqual([
        expect.objectContaining({ status: 'completed', attempts: 1 }),
      ]);
    } finally {
      release();
      await owner.stop();
    }
  });
});

describe('stopping', () => {
  it('hands a task back unrun when its handler gives up on stop', async () => {
    const kind = jobKind('test.slow', z.object({}), z.object({}));
    const background = new JobRunner({ db: svc.database.db, clock }, svc.app.log, {
      pollMs: 20,
    });
    let started = false;
    background.register(kind, {
      mode: 'db',
      async runTask(_db, task) {
        started = true;
        await new Promise((_resolve, reject) => {
          task.signal.addEventListener('abort', () => reject(new Error('stopping')));
        });
      },
    });
    await background.start();
    const { jobId } = await svc.database.db.transaction((tx) =>
      background.enqueue(tx, kind, { apiKeyId, input: {}, tasks: [{}] }),
    );
    const deadline = Date.now() + 5000;
    while (!started && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(await progress(jobId)).toMatchObject({ status: 'in_progress', tasksRunning: 1 });
    await background.stop();
    expect(await tasksOf(jobId)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 0, claimedBy: null }),
    ]);
    expect(await progress(jobId)).toMatchObject({ tasksRunning: 0, tasksLeft: 1 });
  });
});
