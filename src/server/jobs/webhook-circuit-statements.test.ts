import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/transaction';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getAdvancedWebhookEndpoints } from '#contract/webhooks';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { dataOf } from '../testing/replies';
import { freePort } from '../testing/service-process';
import { type TestService, startTestService } from '../testing/test-service';
import { webhooksOf } from '../testing/webhook-fixtures';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';

const OWED = 5000;
let now = Date.parse('2026-03-03T09:00:00.000Z');
let svc: TestService;
let rx: Receiver;
let fx: WorkspaceFixture;
let dead: string;
let live: string;

beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    webhookWorker: { background: false },
    env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  rx = await startReceiver();
  fx = await createWorkspaceFixture(svc);
  const wh = webhooksOf(fx);
  await wh.enable();
  // Nothing listens there: every attempt fails at once.
  dead = (await wh.createEndpoint({ url: `http://127.0.0.1:${await freePort()}/hook` })).id;
  live = (await wh.createEndpoint({ url: rx.url })).id;
  // The dead endpoint's messages are due first: every one of them is ahead of the live ones.
  const at = new Date(now).toISOString();
  await svc.database.db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, next_attempt_at, created_at)
    select 'msg_dead_' || i, ${dead}, 'comment.add', '{}',
      ${at}::timestamptz - make_interval(secs => (${OWED} - i + 100) / 1000.0),
      ${at}::timestamptz - make_interval(secs => (${OWED} - i + 100) / 1000.0)
    from generate_series(1, ${OWED}) as i`);
  await svc.database.db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, next_attempt_at, created_at)
    select 'msg_live_' || i, ${live}, 'comment.add', '{}', ${at}::timestamptz, ${at}::timestamptz
    from generate_series(1, 20) as i`);
  await svc.database.db.execute(sql`analyze webhook_messages`);
});
afterAll(async () => {
  await svc.close();
  await rx.close();
});

async function deadHealth() {
  const { endpoints } = dataOf(await fx.send(getAdvancedWebhookEndpoints, {}));
  return endpoints.find((e) => e.id === dead)?.health;
}

/** Messages of the dead endpoint by their number of attempts. */
async function attemptsOfDead(): Promise<Map<number, number>> {
  const rows = await rowsOf<{ n: number; messages: number }>(
    svc.database.db,
    sql`select attempt_count as n, count(*)::int as messages from webhook_messages
      where endpoint_id = ${dead} group by attempt_count`,
  );
  return new Map(rows.map((r) => [r.n, r.messages]));
}

/** The statements one worker run sends the database, and what it attempted. */
async function countedRun(): Promise<{ statements: number; attempted: number }> {
  let statements = 0;
  const stop = svc.database.observeStatements(() => {
    statements += 1;
  });
  try {
    return { attempted: await svc.app.webhookWorker.runOnce(), statements };
  } finally {
    stop();
  }
}

it('costs a bounded number of statements per retry window for a dead endpoint owed 5,000 messages', async () => {
  // The first run's attempts open the circuit; the second parks the backlog as it meets it.
  const opening = await countedRun();
  const parking = await countedRun();
  expect(rx.received, 'the live endpoint is not starved behind the backlog').toHaveLength(20);
  const health = await deadHealth();
  expect(health?.circuit).toBe('open');
  const afterOpening = await attemptsOfDead();
  // Only the first claim's share was attempted; the rest waits without using an attempt.
  expect(afterOpening.get(0) ?? 0).toBeGreaterThanOrEqual(OWED - 256);
  // Parking costs a statement per 1,000 messages, once.
  expect(opening.statements + parking.statements).toBeLessThan(OWED / 50);

  for (let window = 0; window < 3; window += 1) {
    const probeAt = Date.parse((await deadHealth())?.nextProbeAt ?? '');
    now = probeAt - 1000;
    const before = await countedRun();
    expect(before.attempted, 'nothing before the probe is due').toBe(0);
    now = probeAt + 1;
    const run = await countedRun();
    expect(run.attempted, 'only the probe').toBe(1);
    expect(before.statements + run.statements, `window ${window}`).toBeLessThanOrEqual(20);
  }
  expect((await attemptsOfDead()).get(0)).toBe(afterOpening.get(0));
}, 120_000);
