import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createWorkspaceFixture } from '../testing/fixtures';
import { type TestService, startTestService, withoutBackgroundWork } from '../testing/test-service';
import { endpointFixture } from '../testing/webhook-fixtures';
import { JOB_RETRY_DELAYS_MS } from './job-backoff';
import { JobRunner, type RunnerOptions } from './job-runner';
import { JITTER, RETRY_DELAYS_MS } from './retry-schedule';
import { jobKind } from './job-types';

// An idle loop on the embedded database looks for due work less and less often (issue 33: four
// looks a second each cost an idle service a tenth of a core), yet finds what it queued at once
// and what comes due by time at that time, since it notes when it wrote it.
let svc: TestService;
let apiKeyId: string;
beforeAll(async () => {
  svc = await startTestService(withoutBackgroundWork);
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
});
afterAll(() => svc.close());

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A runner of its own on the test service's database, its loop running. */
function runner(options: Partial<RunnerOptions>) {
  return new JobRunner({ db: svc.database.db, clock: () => new Date() }, svc.app.log, {
    pollMs: 20,
    ...options,
  });
}

/** The statements the database answers while `work` runs: the test service runs no loop itself. */
async function statementsDuring(work: () => Promise<void>): Promise<number> {
  let statements = 0;
  const unobserve = svc.database.observeStatements(() => statements++);
  try {
    await work();
  } finally {
    unobserve();
  }
  return statements;
}

it('looks less often while nothing is due on the embedded database, at its poll elsewhere', async () => {
  const looksIn1500Ms = async (options: Partial<RunnerOptions>) => {
    const idle = runner({ ...options, concurrency: 1 });
    await idle.start();
    try {
      return await statementsDuring(() => sleep(1500));
    } finally {
      await idle.stop();
    }
  };
  // A claim is one statement. At 20, 40, 80, 160, then 500 ms apart: about 7.
  const embedded = await looksIn1500Ms({ exclusiveDatabase: true, idleMaxMs: 500 });
  // Every 20 ms, less the claims' own time.
  const shared = await looksIn1500Ms({ exclusiveDatabase: false });
  expect(embedded).toBeLessThanOrEqual(10);
  expect(shared).toBeGreaterThanOrEqual(25);
});

it('runs what is queued at once after a long idle, and a retry at its due time', async () => {
  const kind = jobKind('test.idle-looks', z.object({}), z.object({}));
  const runs: number[] = [];
  // The service's own poll; the idle limit far past the test's time.
  const idle = runner({ exclusiveDatabase: true, pollMs: 250, idleMaxMs: 60_000 });
  idle.register(kind, {
    mode: 'db',
    runTask() {
      runs.push(Date.now());
      if (runs.length === 1) return Promise.reject(new Error('fails once'));
      return Promise.resolve();
    },
  });
  await idle.start();
  try {
    await sleep(1500);
    const queued = Date.now();
    const { jobId } = await svc.database.db.transaction((tx) =>
      idle.enqueue(tx, kind, { apiKeyId, input: {}, tasks: [{}] }),
    );
    await vi.waitFor(
      async () => expect((await idle.progress(apiKeyId, jobId))?.status).toBe('completed'),
      { timeout: 10_000, interval: 50 },
    );
    const [first = 0, retry = 0] = runs;
    expect(first - queued).toBeLessThan(500);
    // The first retry waits a second ±20 %. Looks 250, 500, 1000 ms apart after the failure
    // would find it 1.75 s on; it is noted, so it is run when due.
    const delay = JOB_RETRY_DELAYS_MS[0];
    expect(retry - first).toBeGreaterThanOrEqual(delay * 0.8 - 50);
    expect(retry - first).toBeLessThan(delay * 1.2 + 400);
  } finally {
    await idle.stop();
  }
});

it('attempts a webhook message again at its retry time however long the worker idled', async () => {
  const paced = await startTestService({ webhookWorker: { idleMaxMs: 60_000 } });
  const attempts: number[] = [];
  // Refuses the first attempt, takes the next.
  const receiver = createServer((req, res) => {
    attempts.push(Date.now());
    req.resume();
    res.statusCode = attempts.length === 1 ? 500 : 200;
    res.end();
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const { port } = receiver.address() as AddressInfo;
  try {
    const { wh } = await endpointFixture(paced, {
      url: `http://127.0.0.1:${port}/hook`,
      filterTypes: ['comment.add'],
    });
    await wh.addComments('org-1', ['a']);
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 15_000, interval: 50 });
    const [first = 0, retry = 0] = attempts;
    // Looks 250 ms, 0.5, 1, 2, 4 s apart after the failure would find it 7.75 s on.
    const delay = RETRY_DELAYS_MS[0] ?? 0;
    expect(retry - first).toBeGreaterThanOrEqual(delay * (1 - JITTER) - 50);
    expect(retry - first).toBeLessThan(delay * (1 + JITTER) + 600);
  } finally {
    receiver.close();
    await paced.close();
  }
});
