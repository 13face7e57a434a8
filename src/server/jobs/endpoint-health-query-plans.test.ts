import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { planWithoutSeqScan } from '../testing/query-plan';
import { type TestService, startTestService } from '../testing/test-service';
import { fillWebhookBacklog } from '../testing/webhook-backlog-fill';
import {
  healthChecksStatement,
  healthStatement,
  parkClaimedStatement,
  pickProbeStatement,
  unparkStatement,
} from './endpoint-health-store';
import { operationalEventsStatement } from './operational-notices';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
});
afterAll(() => svc.close());

const plan = (statement: SQL, on: TestService = svc) =>
  planWithoutSeqScan(on.database.db, statement);

const now = new Date('2026-03-01T10:00:00.000Z');

it('makes a backlog due again and picks probes along the parked index, in creation order', async () => {
  // Ten dead endpoints owed 5,000 messages each, all parked: ten batches each. In a database of
  // their own, so that the other plans here keep the statistics they are written for.
  const scaled = await startTestService({ webhookWorker: { background: false } });
  onTestFinished(() => scaled.close());
  const backlog = await fillWebhookBacklog(scaled, {
    endpoints: 10,
    perEndpoint: 5_000,
    status: 'pending',
    nextAttemptAt: 'infinity',
  });
  const [endpointId = ''] = backlog;
  for (const statement of [
    unparkStatement(endpointId, now),
    pickProbeStatement(endpointId, now, now),
  ]) {
    const text = await plan(statement, scaled);
    expect(text).toContain('webhook_messages_parked_idx');
    expect(text).not.toContain('Seq Scan');
    // The index gives the parked messages in creation order: nothing sorts them.
    expect(text).not.toMatch(/Sort Key: m\.created_at/);
  }
}, 60_000);

it('finds the endpoints whose health check came due along their partial index', async () => {
  const text = await plan(healthChecksStatement(now, 16));
  expect(text).toContain('webhook_endpoints_health_idx');
  expect(text).not.toContain('Seq Scan');
});

it('records health, parks held messages and writes operational events by keys', async () => {
  const summary = {
    endpointId: 'ep_x',
    succeeded: false,
    failures: 3,
    firstFailureAt: now.toISOString(),
    lastFailure: 'HTTP 503',
    lastFailureAt: now.toISOString(),
    gone: false,
    failedIds: ['msg_a'],
    candidate: 'msg_a',
    candidateAt: now.toISOString(),
    messages: [{ id: 'msg_a', status: 'pending', nextAt: now.toISOString() }],
  };
  const settings = { breakerFailures: 10, disableAfterMs: 1, probeAfterMs: 1 };
  const health = await plan(healthStatement([summary], now, settings));
  expect(health).toContain('webhook_endpoints_pkey');
  expect(health).toContain('webhook_messages_pkey');
  const parked = await plan(parkClaimedStatement([{ id: 'msg_a', claimId: 'clm_a' }]));
  expect(parked).toContain('webhook_messages_pkey');
  const events = await plan(
    operationalEventsStatement(
      [{ apiKeyId: 'key_x', type: 'endpoint.disabled', about: 'ep_x', data: {} as never }],
      now,
    ),
  );
  // Either index that leads with the key finds its endpoints.
  expect(events).toMatch(/webhook_endpoints_key_(created_idx|uid_uq)/);
  for (const text of [health, parked, events]) expect(text).not.toContain('Seq Scan');
});
