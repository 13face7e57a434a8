import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { createWorkspaceFixture } from '../testing/fixtures';
import { planOf, planWithoutSeqScan } from '../testing/query-plan';
import { type TestService, startTestService } from '../testing/test-service';
import { webhooksOf } from '../testing/webhook-fixtures';
import { fillWebhookBacklog } from '../testing/webhook-backlog-fill';
import { fanOutStatement, oldestEventStatement } from './webhook-fanout';
import { outboxStatement } from '../metrics/queue-figures';
import {
  claimPlanning,
  claimStatement,
  recordStatement,
  releaseStatement,
} from './webhook-queue-store';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
});
afterAll(() => svc.close());

const plan = (statement: SQL, on: TestService = svc) =>
  planWithoutSeqScan(on.database.db, statement);

/** A worker's claim of 250 slots and 250 more due by now (the default batch). */
const claimNow = (now: Date, room: Record<string, number> = {}) =>
  claimStatement({
    id: 'clm_x',
    horizon: now,
    leaseEnd: now,
    slots: 250,
    backlog: 250,
    perEndpoint: 256,
    room,
  });

it('claims due messages through the partial due-time indexes', async () => {
  const text = await plan(claimNow(new Date(), { ep_busy: 0 }));
  expect(text).toContain('webhook_messages_slot_due_idx');
  expect(text).toContain('webhook_messages_due_idx');
  expect(text).not.toContain('Seq Scan');
});

it('reads the outbox figures of /metrics through the partial due-time index', async () => {
  const text = await plan(outboxStatement(new Date()));
  expect(text).toContain('webhook_messages_due_idx');
  expect(text).not.toContain('Seq Scan');
});

it('pages the delivery log, finds attempts and recovers through indexes', async () => {
  const log = await plan(sql`
    select * from webhook_messages where endpoint_id = 'ep_x'
      and (created_at, id) < ('2026-01-01'::timestamptz, 'msg_x')
    order by created_at desc, id desc limit 51`);
  expect(log).toContain('webhook_messages_endpoint_created_idx');
  expect(log).not.toContain('Sort');
  const attempts = await plan(sql`
    select * from webhook_attempts where message_id in ('msg_a', 'msg_b')
    order by message_id, attempted_at, id`);
  expect(attempts).toContain('webhook_attempts_message_idx');
  // Recover reads one endpoint's failed messages among many endpoints' (on an empty table every
  // index on created_at cost the same, and the planner's pick said nothing).
  // In a database of their own, so that the other plans here keep the statistics they are
  // written for.
  const scaled = await startTestService({ webhookWorker: { background: false } });
  onTestFinished(() => scaled.close());
  const backlog = await fillWebhookBacklog(scaled, {
    endpoints: 20,
    perEndpoint: 500,
    status: 'failed',
    nextAttemptAt: new Date().toISOString(),
  });
  const [endpointId = ''] = backlog;
  const recover = await plan(
    sql`
    update webhook_messages set status = 'pending' where endpoint_id = ${endpointId}
      and created_at >= '2026-01-01'::timestamptz and status = 'failed'`,
    scaled,
  );
  expect(recover).toContain('webhook_messages_endpoint_created_idx');
  for (const text of [log, attempts, recover]) expect(text).not.toContain('Seq Scan');
  const stale = await plan(sql`
    update webhook_messages set claim_id = null where claim_id is not null and status = 'pending'`);
  expect(stale).not.toContain('Seq Scan');
});

it('takes the oldest events and fans them out through the outbox indexes', async () => {
  const oldest = await plan(oldestEventStatement());
  expect(oldest).toContain('events_pkey');
  const fan = await plan(fanOutStatement('ak_x', 100, new Date()));
  expect(fan).toContain('events_key_order_idx');
  expect(fan).toContain('webhook_endpoints_pkey');
  expect(oldest).not.toMatch(/Sort\b/);
  // The fan-out sorts its own batch (at most MAX_MESSAGES_PER_FANOUT rows) into event order.
  for (const text of [oldest, fan]) expect(text).not.toContain('Seq Scan');
});

it('finds the messages of a batch by id however long the queue and stale its statistics', async () => {
  const fx = await createWorkspaceFixture(svc);
  const wh = webhooksOf(fx);
  await wh.enable();
  const endpoint = await wh.createEndpoint({ url: 'https://hooks.example.com/in' });
  const now = new Date();
  const at = now.toISOString();
  const queue = (from: number, status: string) =>
    svc.database.db.execute(sql`
      insert into webhook_messages (id, endpoint_id, event_type, payload, status,
        next_attempt_at, created_at, claim_id)
      select 'msg_q' || i, ${endpoint.id}, 'comment.add', '{}', ${status}, ${at}::timestamptz,
        ${at}::timestamptz, case when i % 10 = 0 then 'clm_q' || (i / 250) end
      from generate_series(${from}::int, ${from + 4999}::int) as i`);
  const ids = Array.from({ length: 250 }, (_, i) => `msg_q${i * 20 + 1}`);
  const statements: [string, SQL][] = [
    ['claim', claimNow(now)],
    [
      'hand-back',
      releaseStatement(ids.map((id) => ({ id, claimId: 'clm_x', at: now, slotted: false }))),
    ],
    [
      'outcomes',
      recordStatement(
        ids.map((id) => ({
          id,
          claimId: 'clm_x',
          endpointId: endpoint.id,
          status: 'pending' as const,
          attemptCount: 1,
          nextAttemptAt: now,
          failureReason: null,
          attempt: { at: now, responseStatus: 500, durationMs: 3, responseBody: '', error: null },
        })),
      ),
    ],
  ];
  const situations: [string, () => Promise<unknown>][] = [
    // Statistics taken when nothing was pending, then a burst they have not seen.
    [
      'a burst after a quiet time',
      async () => {
        await queue(100_000, 'delivered');
        await svc.database.db.execute(sql`analyze webhook_messages`);
        await queue(1, 'pending');
      },
    ],
    // The statistics of the long queue, as the embedded database's check and autovacuum take.
    ['a queue of 5,000', () => svc.database.db.execute(sql`analyze webhook_messages`)],
  ];
  for (const [situation, arrange] of situations) {
    await arrange();
    for (const [name, statement] of statements) {
      const nodes = await svc.database.db.transaction(async (tx) => {
        await tx.execute(claimPlanning);
        return planOf(tx, statement);
      });
      const shown = nodes
        .filter((n) => (n['Relation Name'] ?? n['Index Name'])?.startsWith('webhook_messages'))
        .map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`)
        .join(', ');
      const at = `${situation}, ${name}: ${shown}`;
      expect(shown, at).toContain('webhook_messages_pkey');
      for (const never of ['Seq Scan', 'Bitmap', 'claimed_idx'])
        expect(shown, at).not.toContain(never);
      // The due index is walked once, in due order, by the claim's look for due messages: a
      // lookup of the batch through it reads every due message.
      const walks = nodes.filter((n) => n['Index Name'] === 'webhook_messages_due_idx');
      expect(walks.length, at).toBe(name === 'claim' ? 1 : 0);
    }
  }
}, 60_000);
