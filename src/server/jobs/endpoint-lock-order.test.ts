import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { heldTransaction, waitingForLock } from '../testing/held-transaction';
import { rows } from '../testing/rows';
import { type TestService, startTestService } from '../testing/test-service';
import { webhooksOf } from '../testing/webhook-fixtures';
import { type HealthSummary, healthStatement } from './endpoint-health-store';
import { fanOutStatement } from './webhook-fanout';

/**
 * Statements of several processes that lock more than one endpoint row take them in one order,
 * by ID, so that two of them never wait for each other (a deadlock PostgreSQL ends by failing
 * one: an endpoint's health count lost, or a fan-out run again). Each test holds the endpoint
 * of the lower ID locked, starts the statement, and while it waits there checks that it holds
 * nothing of the other endpoint, whose row lies first in the table. Two transactions at once
 * need two connections: PostgreSQL only (`.ci/run`'s second pass).
 */
describe.runIf(process.env.DATABASE_URL)('statements locking several endpoints', () => {
  let svc: TestService;
  let fx: WorkspaceFixture;
  let db: Db;
  let low = '';
  let high = '';
  beforeAll(async () => {
    svc = await startTestService({ webhookWorker: { background: false } });
    db = svc.database.db;
    fx = await createWorkspaceFixture(svc);
    const wh = webhooksOf(fx);
    await wh.enable();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push((await wh.createEndpoint({ url: `https://hooks.example.com/${i}` })).id);
    }
    [low = '', high = ''] = ids.sort();
    // The lower ID's row written again goes after the other in the table, the order a scan
    // of the table finds them in.
    await db.execute(sql`update webhook_endpoints set url = url where id = ${low}`);
  });
  afterAll(() => svc.close());

  /** Whether another transaction could lock `id` now (it is not locked, not even key-share). */
  const free = async (id: string) => {
    try {
      await db.execute(sql`select 1 from webhook_endpoints where id = ${id} for update nowait`);
      return true;
    } catch {
      return false;
    }
  };
  /**
   * Runs `statement` while the lower ID is held locked, and answers whether the other endpoint
   * was free while it waited.
   */
  const highFreeWhileWaiting = async (statement: SQL, waitingLike: string) => {
    const held = heldTransaction(db, (tx) =>
      tx.execute(sql`select 1 from webhook_endpoints where id = ${low} for update`),
    );
    await held.held;
    // Started now: drizzle's query is sent when it is awaited.
    const running = Promise.resolve(db.execute(statement));
    try {
      await waitingForLock(db, waitingLike);
      return await free(high);
    } finally {
      held.go();
      await held.done;
      await running;
    }
  };

  it('the endpoints’ health takes them in ID order', async () => {
    const now = new Date();
    const failed = (endpointId: string): HealthSummary => ({
      endpointId,
      succeeded: false,
      failures: 1,
      firstFailureAt: now.toISOString(),
      lastFailure: 'HTTP 503',
      lastFailureAt: now.toISOString(),
      gone: false,
      failedIds: [],
      candidate: null,
      candidateAt: null,
      messages: [],
    });
    const settings = { breakerFailures: 10, disableAfterMs: 0, probeAfterMs: 60_000 };
    const statement = healthStatement([failed(high), failed(low)], now, settings);
    expect(await highFreeWhileWaiting(statement, '%jsonb_to_recordset%')).toBe(true);
    const counts = await rows(
      db,
      sql`select id, failure_count from webhook_endpoints where id in (${low}, ${high}) order by id`,
    );
    expect(counts).toEqual([
      { id: low, failure_count: 1 },
      { id: high, failure_count: 1 },
    ]);
  });

  it('the fan-out takes them in ID order', async () => {
    await db.execute(sql`
      insert into events (api_key_id, type, channel, source, data, endpoint_ids, created_at)
      values (${fx.apiKey}, 'comment.add', 'org', 'api', '{}',
        array[${high}, ${low}]::text[], now())`);
    const statement = fanOutStatement(fx.apiKey, 10, new Date());
    expect(await highFreeWhileWaiting(statement, '%for key share of e%')).toBe(true);
    const messages = await rows(
      db,
      sql`select endpoint_id from webhook_messages where endpoint_id in (${low}, ${high})
        order by endpoint_id`,
    );
    expect(messages).toEqual([{ endpoint_id: low }, { endpoint_id: high }]);
  });
});
