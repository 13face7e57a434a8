import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statsStatement } from './stats-store';
import { expectIndexedPlan, planOf } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { endpointFixture } from '../../testing/webhook-fixtures';
import { claimPlanning, recordStatement } from '../../jobs/webhook-queue-store';

const now = new Date('2026-06-01T12:00:00Z');
let svc: TestService;
let endpointId = '';

beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
  const { wh, ep } = await endpointFixture(svc, { url: 'https://example.com/hook' });
  endpointId = ep.id;
  const others = [
    (await wh.createEndpoint({ url: 'https://example.com/a' })).id,
    (await wh.createEndpoint({ url: 'https://example.com/b' })).id,
  ];
  const db = svc.database.db;
  const at = sql`${now.toISOString()}::timestamptz`;
  // A year of figures of three endpoints, three statuses an hour: 78,840 rows.
  for (const id of [endpointId, ...others]) {
    await db.execute(sql`
      insert into webhook_endpoint_stats (endpoint_id, hour, status, attempts, successes, latency)
      select ${id}, date_trunc('hour', ${at}) - make_interval(hours => h), s, 10, 9,
        array_fill(1, array[30])
      from generate_series(0, 365 * 24 - 1) as h, unnest(array[0, 200, 500]) as s`);
  }
  await db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, next_attempt_at,
      created_at, claim_id)
    select 'msg_plan' || i, ${endpointId}, 'comment.add', '{}', ${at}, ${at}, 'clm_plan'
    from generate_series(1, 5000) as i`);
  await db.execute(sql`analyze webhook_endpoint_stats`);
  await db.execute(sql`analyze webhook_messages`);
}, 120_000);
afterAll(() => svc.close());

it('reads a week of one endpoint’s figures through the primary key', async () => {
  const from = new Date(now.getTime() - 168 * 3600_000);
  const used = await expectIndexedPlan(svc.database.db, statsStatement(endpointId, from, now));
  expect(used).toContain('webhook_endpoint_stats_pkey');
});

it('adds a batch’s attempts to the figures through the primary key, its messages by id', async () => {
  const outcomes = Array.from({ length: 250 }, (_, i) => ({
    id: `msg_plan${i * 20 + 1}`,
    endpointId,
    claimId: 'clm_plan',
    status: 'delivered' as const,
    attemptCount: 1,
    nextAttemptAt: null,
    failureReason: null,
    attempt: { at: now, responseStatus: 200, durationMs: i, responseBody: '', error: null },
  }));
  const nodes = await svc.database.db.transaction(async (tx) => {
    await tx.execute(claimPlanning);
    return planOf(tx, recordStatement(outcomes));
  });
  const shown = nodes.map(
    (n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`,
  );
  for (const node of nodes) {
    if (node['Node Type'] === 'Seq Scan') {
      expect(['webhook_messages', 'webhook_endpoint_stats'], shown.join(' > ')).not.toContain(
        node['Relation Name'],
      );
    }
  }
  const upsert = nodes.find(
    (n) => n['Node Type'] === 'ModifyTable' && n['Relation Name'] === 'webhook_endpoint_stats',
  ) as (Record<string, unknown> & { 'Conflict Arbiter Indexes'?: string[] }) | undefined;
  expect(upsert?.['Conflict Arbiter Indexes'], shown.join(' > ')).toEqual([
    'webhook_endpoint_stats_pkey',
  ]);
});
