import { sql } from 'drizzle-orm';
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookMessage } from '#contract/webhook-deliveries';
import {
  LATENCY_BOUNDS_MS,
  type StatsWindow,
  getAdvancedWebhookEndpointStats,
  getWebhookServiceStats,
  latencyBucket,
  latencyPercentile,
} from '#contract/webhook-stats';
import { sendWebhookServiceTestEvent, updateWebhookServiceConfig } from '#contract/webhook-service';
import { recordOutcomes } from '../../jobs/webhook-queue-store';
import { dataOf } from '../../testing/replies';
import { rows } from '../../testing/rows';
import { watchStatements } from '../../testing/statement-watch';
import { type TestService, startTestService } from '../../testing/test-service';
import { endpointFixture, webhookErrors, webhooksOf } from '../../testing/webhook-fixtures';
import { type Receiver, startReceiver } from '../../testing/webhook-receiver';

const HOUR = 60 * 60 * 1000;
const start = Date.parse('2026-06-01T10:15:00Z');
let now = start;
let svc: TestService;
let rx: Receiver;
let closedUrl = '';

beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    // The clock moves weeks on: the owners' keys must not lapse for want of a verified e-mail.
    env: { UNVERIFIED_KEY_GRACE_DAYS: '3650', RETENTION_EVERY_MINUTES: '60' },
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
  rx = await startReceiver();
  // A port nothing listens on: every attempt there gets no HTTP answer.
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gone`;
  server.close();
  await once(server, 'close');
});
afterEach(() => rx.reset());
afterAll(async () => {
  await svc.close();
  await rx.close();
});

const runOnce = () => svc.app.webhookWorker.runOnce();

type Fixture = Awaited<ReturnType<typeof endpointFixture>>;

async function statsOf(f: Fixture, endpointId = f.ep.id) {
  return dataOf(await f.fx.send(getAdvancedWebhookEndpointStats, { endpointId }));
}

/** Every attempt of the endpoint's delivery log. */
async function attemptsOf(f: Fixture) {
  const messages: WebhookMessage[] = [];
  let iterator: string | undefined;
  for (;;) {
    const page = await f.wh.messages(f.ep.id, { limit: 100, ...(iterator ? { iterator } : {}) });
    messages.push(...page.messages);
    if (page.done || !page.iterator) break;
    iterator = page.iterator;
  }
  return messages.flatMap((m) => m.attempts);
}

type Attempt = Awaited<ReturnType<typeof attemptsOf>>[number];

/**
 * What the window should say, worked out from the delivery log alone: the attempts whose start
 * falls in the window's whole hours, per point, per status, with their latency percentiles.
 */
function expectedWindow(attempts: readonly Attempt[], hours: number, pointHours: number) {
  const endMs = Math.floor(now / HOUR) * HOUR + HOUR;
  const fromMs = endMs - hours * HOUR;
  const inside = attempts.filter((a) => {
    const at = Date.parse(a.attemptedAt);
    return at >= fromMs && at < endMs;
  });
  const ok = (a: Attempt) =>
    a.responseStatus !== null && a.responseStatus >= 200 && a.responseStatus < 300;
  const histogram = (list: readonly Attempt[]) => {
    const h = LATENCY_BOUNDS_MS.map(() => 0);
    for (const a of list)
      h[latencyBucket(a.durationMs)] = (h[latencyBucket(a.durationMs)] ?? 0) + 1;
    return h;
  };
  const figures = (list: readonly Attempt[]) => ({
    attempts: list.length,
    successes: list.filter(ok).length,
    p50Ms: latencyPercentile(histogram(list), 0.5),
    p99Ms: latencyPercentile(histogram(list), 0.99),
  });
  const statuses = [...new Set(inside.map((a) => a.responseStatus))].sort(
    (a, b) => (a ?? 0) - (b ?? 0),
  );
  const { attempts: total, successes, p50Ms, p99Ms } = figures(inside);
  return {
    from: new Date(fromMs).toISOString(),
    to: new Date(endMs).toISOString(),
    attempts: total,
    successes,
    successRate: total === 0 ? null : successes / total,
    p50Ms,
    p99Ms,
    statusCounts: statuses.map((status) => ({
      status,
      count: inside.filter((a) => a.responseStatus === status).length,
    })),
    pointMinutes: pointHours * 60,
    series: Array.from({ length: hours / pointHours }, (_, i) => {
      const pointFrom = fromMs + i * pointHours * HOUR;
      return {
        from: new Date(pointFrom).toISOString(),
        ...figures(
          inside.filter((a) => {
            const at = Date.parse(a.attemptedAt);
            return at >= pointFrom && at < pointFrom + pointHours * HOUR;
          }),
        ),
      };
    }),
  } satisfies StatsWindow;
}

async function expectStatsMatchLog(f: Fixture) {
  const attempts = await attemptsOf(f);
  const stats = await statsOf(f);
  expect(stats.last24h).toEqual(expectedWindow(attempts, 24, 1));
  expect(stats.last7d).toEqual(expectedWindow(attempts, 168, 6));
  return stats;
}

describe('Get Advanced Webhook Endpoint Stats', () => {
  it('counts the attempts made, by hour of the service clock, status and latency', async () => {
    const f = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
    const empty = await expectStatsMatchLog(f);
    expect(empty.last24h).toMatchObject({ attempts: 0, successRate: null, p50Ms: null });
    expect(empty.last24h.series).toHaveLength(24);
    expect(empty.last7d.series).toHaveLength(28);

    // Hour 10: three answered at once, one after 40 ms.
    let slow = 1;
    rx.answer = () => ({ status: 200, delayMs: slow-- > 0 ? 40 : 0 });
    await f.wh.addComments('org-1', ['a', 'b', 'c']);
    await runOnce();
    let stats = await expectStatsMatchLog(f);
    expect(stats.last24h).toMatchObject({ attempts: 3, successes: 3, successRate: 1 });

    // Hour 11: two refused with 503, then retried 5 s later and refused with 500.
    now = start + HOUR;
    rx.answer = () => ({ status: 503 });
    await f.wh.addComments('org-1', ['d', 'e']);
    await runOnce();
    rx.answer = () => ({ status: 500, delayMs: 120 });
    now += 10_000;
    expect(await runOnce()).toBe(2);
    stats = await expectStatsMatchLog(f);
    expect(stats.last24h.statusCounts).toEqual([
      { status: 200, count: 3 },
      { status: 500, count: 2 },
      { status: 503, count: 2 },
    ]);
    expect(stats.last24h.successRate).toBeCloseTo(3 / 7);
    expect(stats.last24h.p99Ms, 'the 500s took 120 ms or more').toBeGreaterThanOrEqual(150);

    // Two days on (the two failing messages are retried too, now answered): the earlier hours
    // have left the 24 hours but are still in the 7 days.
    now = start + 49 * HOUR;
    rx.answer = () => ({ status: 204 });
    await f.wh.addComments('org-1', ['f']);
    await runOnce();
    stats = await expectStatsMatchLog(f);
    expect(stats.last24h).toMatchObject({ attempts: 3, successRate: 1 });
    expect(stats.last7d.attempts).toBe(10);

    // Eight days on, the first hours are out of the week too.
    now = start + 8 * 24 * HOUR;
    stats = await expectStatsMatchLog(f);
    expect(stats.last7d.attempts).toBe(3);
  });

  it('counts attempts that got no answer under a null status, apart for each endpoint', async () => {
    now = start + 20 * 24 * HOUR;
    const f = await endpointFixture(svc, { url: closedUrl, filterTypes: ['comment.add'] });
    const wh = webhooksOf(f.fx);
    const other = await wh.createEndpoint({ url: rx.url, filterTypes: ['comment.add'] });
    await f.wh.addComments('org-1', ['x', 'y']);
    await runOnce();
    const stats = await expectStatsMatchLog(f);
    expect(stats.last24h.statusCounts).toEqual([{ status: null, count: 2 }]);
    expect(stats.last24h.successRate).toBe(0);
    const theirs = await statsOf(f, other.id);
    expect(theirs.last24h.statusCounts).toEqual([{ status: 200, count: 2 }]);
  });

  it('adds a batch of N outcomes to the figures in the one statement that records them', async () => {
    now = start + 30 * 24 * HOUR;
    const f = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
    const second = await f.wh.createEndpoint({ url: `${rx.url}?2`, filterTypes: ['comment.add'] });
    const at = new Date(now);
    const ids = Array.from({ length: 50 }, (_, i) => `msg_batch${i}`);
    await svc.database.db.execute(sql`
      insert into webhook_messages (id, endpoint_id, event_type, payload, next_attempt_at,
        created_at, claim_id)
      select 'msg_batch' || i, case when i % 2 = 0 then ${f.ep.id} else ${second.id} end,
        'comment.add', '{}', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz,
        'clm_batch'
      from generate_series(0, 49) as i`);
    const outcomes = ids.map((id, i) => ({
      id,
      endpointId: i % 2 === 0 ? f.ep.id : second.id,
      claimId: 'clm_batch',
      status: i % 5 === 0 ? ('pending' as const) : ('delivered' as const),
      attemptCount: 1,
      nextAttemptAt: null,
      failureReason: null,
      attempt: {
        at,
        responseStatus: i % 5 === 0 ? 502 : 200,
        durationMs: i,
        responseBody: '',
        error: null,
      },
    }));
    const watch = watchStatements(svc.database);
    try {
      await recordOutcomes(svc.database.db, outcomes);
      const statements = watch.take();
      expect(statements, 'the batch of 50 is one statement, figures included').toHaveLength(1);
      expect(statements[0]).toContain('insert into webhook_endpoint_stats');
    } finally {
      watch.stop();
    }
    for (const [endpointId, even] of [
      [f.ep.id, true],
      [second.id, false],
    ] as const) {
      const mine = outcomes.filter((_, i) => (i % 2 === 0) === even);
      const day = (await statsOf(f, endpointId)).last24h;
      expect(day.attempts).toBe(25);
      expect(day.statusCounts).toEqual([
        { status: 200, count: mine.filter((o) => o.attempt.responseStatus === 200).length },
        { status: 502, count: mine.filter((o) => o.attempt.responseStatus === 502).length },
      ]);
      const h = LATENCY_BOUNDS_MS.map(() => 0);
      for (const o of mine)
        h[latencyBucket(o.attempt.durationMs)] = (h[latencyBucket(o.attempt.durationMs)] ?? 0) + 1;
      expect(day.p50Ms).toBe(latencyPercentile(h, 0.5));
    }
  });

  it('answers only for an endpoint of the key', async () => {
    const f = await endpointFixture(svc, { url: rx.url });
    const stranger = await endpointFixture(svc, { url: rx.url });
    const reply = await stranger.fx.send(getAdvancedWebhookEndpointStats, { endpointId: f.ep.id });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(webhookErrors.unknown(f.ep.id));
  });

  it('are kept for the webhook service’s URLs too, each apart', async () => {
    now = start + 40 * 24 * HOUR;
    const { fx } = await endpointFixture(svc, { url: rx.url });
    const none = dataOf(await fx.send(getWebhookServiceStats, {}));
    expect(none).toMatchObject({ target: 'raw', last24h: { attempts: 0 } });
    dataOf(
      await fx.send(updateWebhookServiceConfig, {
        useWebhookService: true,
        webhookServiceConfig: { rawNotificationUrl: `${rx.url}?raw` },
      }),
    );
    rx.answer = () => ({ status: 202 });
    for (const eventType of ['comment.add', 'huddle.join']) {
      dataOf(await fx.send(sendWebhookServiceTestEvent, { eventType }));
    }
    await runOnce();
    const raw = dataOf(await fx.send(getWebhookServiceStats, { target: 'raw' }));
    expect(raw.last24h).toMatchObject({
      attempts: 2,
      successRate: 1,
      statusCounts: [{ status: 202, count: 2 }],
    });
    const processed = dataOf(await fx.send(getWebhookServiceStats, { target: 'processed' }));
    expect(processed).toMatchObject({ target: 'processed', last7d: { attempts: 0 } });
  });

  it('are kept 8 days by the retention job, then removed', async () => {
    now = start + 60 * 24 * HOUR;
    const f = await endpointFixture(svc, { url: rx.url });
    const hourAgo = (hours: number) =>
      new Date(Math.floor(now / HOUR) * HOUR - hours * HOUR).toISOString();
    await svc.database.db.execute(sql`
      insert into webhook_endpoint_stats (endpoint_id, hour, status, attempts, successes, latency)
      select ${f.ep.id}, h::timestamptz, 200, 1, 1, array_fill(0, array[30])
      from unnest(array[${hourAgo(8 * 24 + 1)}, ${hourAgo(8 * 24 - 1)}, ${hourAgo(1)}]) as h`);
    await svc.app.jobRunner.runOnce();
    const kept = await rows<{ hour: string }>(
      svc.database.db,
      sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as hour
        from webhook_endpoint_stats where endpoint_id = ${f.ep.id} order by hour`,
    );
    expect(kept.map((r) => r.hour)).toEqual([hourAgo(8 * 24 - 1), hourAgo(1)]);
  });
});
