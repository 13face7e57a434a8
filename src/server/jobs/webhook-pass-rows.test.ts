import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/connection';
import { createWorkspaceFixture } from '../testing/fixtures';
import { type StatementRows, measuredDatabase } from '../testing/rows-read';
import { freePort } from '../testing/service-process';
import { openTestDatabase } from '../testing/test-database';
import { type TestService, startTestService } from '../testing/test-service';
import { webhooksOf } from '../testing/webhook-fixtures';
import { defaultWorkerOptions } from './webhook-worker';
import { BACKLOG_SCAN_FACTOR } from './webhook-queue-store';

const now = Date.parse('2026-03-01T10:00:00.000Z');
let database: Database;
let measured: ReturnType<typeof measuredDatabase>;
let svc: TestService;
let endpoints: string[];

beforeAll(async () => {
  database = await openTestDatabase();
  measured = measuredDatabase(database);
  svc = await startTestService({
    database: measured.database,
    clock: () => new Date(now),
    webhookWorker: { background: false },
    // The claim's reads against the queue's length, every message attempted: the breaker off
    // (with it, the dead endpoint's backlog is parked: webhook-circuit-statements.test.ts).
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_BREAKER_FAILURES: '0' },
  });
  const fx = await createWorkspaceFixture(svc);
  const wh = webhooksOf(fx);
  await wh.enable();
  // Nothing listens there: every attempt fails at once, as after the fuzz run of issue 28.
  const url = `http://127.0.0.1:${await freePort()}/hook`;
  endpoints = [
    (await wh.createEndpoint({ url })).id,
    (await wh.createEndpoint({ url })).id,
    // Rate-limited: its messages get delivery slots, and those beyond the lookahead go back.
    (await wh.createEndpoint({ url, rateLimit: 5 })).id,
  ];
});
afterAll(async () => {
  await svc.close();
  await database.close();
});

/** `count` more messages due now (or delivered), one in a hundred for the rate-limited endpoint. */
async function queue(count: number, batch: string, status = 'pending'): Promise<void> {
  const [plainA, plainB, limited] = endpoints;
  const at = new Date(now).toISOString();
  await database.db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, channel, payload, status,
      next_attempt_at, created_at)
    select 'msg_' || ${batch} || '_' || i,
      case when i % 100 = 0 then ${limited} when i % 2 = 0 then ${plainA} else ${plainB} end,
      'comment.add', 'org-1', '{}', ${status},
      ${at}::timestamptz - make_interval(secs => i / 1000.0), ${at}::timestamptz
    from generate_series(1, ${count}) as i`);
}

/**
 * What the embedded database's statistics check (autovacuum on PostgreSQL) does for a table that
 * grew, some seconds after it grew: until then the planner works from the statistics of before.
 */
const analyze = () => database.db.execute(sql`analyze webhook_messages`);

/** The statements of one worker run (claims, slots, hand-backs, outcomes) with their rows. */
async function measuredRun(): Promise<{ attempted: number; statements: StatementRows[] }> {
  measured.statements.length = 0;
  measured.recording.on = true;
  try {
    const attempted = await svc.app.webhookWorker.runOnce();
    return { attempted, statements: [...measured.statements] };
  } finally {
    measured.recording.on = false;
  }
}

const messagesRead = (s: StatementRows) => s.rows.get('webhook_messages') ?? 0;

/**
 * A claim reads at most its rate-limit slots, the due messages it looks through (and looks up
 * again to lock them), and the rows it updates; a hand-back or an outcome batch, its own rows.
 */
const { batchSize } = defaultWorkerOptions;
const ROWS_PER_STATEMENT = batchSize * (2 * BACKLOG_SCAN_FACTOR + 3);

it('reads as many queued messages per statement in a burst of 20,000 as at a queue of 1,000', async () => {
  await queue(1_000, 'small');
  await analyze();
  const small = await measuredRun();
  // A quiet time, everything delivered and the statistics say so; then a burst the statistics
  // have not seen yet (no message was pending when they were taken).
  await database.db.execute(sql`update webhook_messages set status = 'delivered'`);
  await queue(5_000, 'quiet', 'delivered');
  await analyze();
  await queue(20_000, 'burst');
  const burst = await measuredRun();
  const worst = (run: typeof small) =>
    run.statements.reduce((a, b) => (messagesRead(b) > messagesRead(a) ? b : a));
  for (const [run, name] of [
    [burst, 'burst of 20,000'],
    [small, 'queue of 1,000'],
  ] as const) {
    expect(run.attempted, name).toBeGreaterThan(0);
    expect(run.statements.some((s) => s.text.startsWith('with slot as'))).toBe(true);
    const w = worst(run);
    expect(messagesRead(w), `${name}: ${w.text.slice(0, 160)}`).toBeLessThanOrEqual(
      ROWS_PER_STATEMENT,
    );
  }
  expect(messagesRead(worst(burst))).toBeLessThanOrEqual(messagesRead(worst(small)) * 1.5);
}, 120_000);
