import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getAuditLog } from '#contract/audit-log';
import type { EndpointHealth } from '#contract/endpoint-health';
import { eventCatalog } from '#contract/event-catalog';
import { getAdvancedWebhookEndpoints } from '#contract/webhooks';
import type { WebhookMessage } from '#contract/webhook-deliveries';
import type { WorkspaceFixture } from '../testing/fixtures';
import { type TestService, startTestService } from '../testing/test-service';
import { endpointFixture, webhooksOf } from '../testing/webhook-fixtures';
import { type Delivery, type Receiver, startReceiver } from '../testing/webhook-receiver';
import { dataOf } from '../testing/replies';

let now = Date.parse('2026-03-02T08:00:00.000Z');
let svc: TestService;
let rx: Receiver;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    // One message per endpoint per pass: the order the backlog flows in is the order it arrives.
    webhookWorker: { background: false, perEndpoint: 1 },
    env: { WEBHOOK_BREAKER_FAILURES: '3', WEBHOOK_DISABLE_AFTER_HOURS: '120' },
  });
  rx = await startReceiver();
});
afterAll(async () => {
  await svc.close();
  await rx.close();
});
afterEach(() => rx.reset());

const runOnce = () => svc.app.webhookWorker.runOnce();
/** Passes until nothing more is due now. */
async function runAll(): Promise<number> {
  let total = 0;
  for (let i = 0; i < 100; i += 1) {
    const n = await runOnce();
    if (n === 0) return total;
    total += n;
  }
  throw new Error('the worker never ran out of due messages');
}

const pathOf = (d: Delivery) => new URL(d.url, 'http://x').searchParams.get('to') ?? '';
const textOf = (d: Delivery) =>
  (JSON.parse(d.body) as { data: { comment?: { commentText: string } } }).data.comment
    ?.commentText ?? '';
const to = (name: string) => rx.received.filter((d) => pathOf(d) === name);

async function healthOf(fx: WorkspaceFixture, endpointId: string): Promise<EndpointHealth> {
  const { endpoints } = dataOf(await fx.send(getAdvancedWebhookEndpoints, { limit: 250 }));
  const found = endpoints.find((e) => e.id === endpointId);
  if (!found?.health) throw new Error(`no health for ${endpointId}`);
  return found.health;
}

/**
 * One comment per call, a millisecond apart, each fanned out at once: each message has its own
 * creation and due time, so the order of their first attempts is known too.
 */
async function addInOrder(wh: ReturnType<typeof webhooksOf>, texts: string[]): Promise<void> {
  for (const text of texts) {
    now += 1;
    await wh.addComments('org-1', [text]);
    await svc.app.webhookWorker.fanOutAll();
  }
}

const byText = (messages: WebhookMessage[]) =>
  new Map(
    messages.map((m) => [
      (m.payload.data as { comment?: { commentText: string } }).comment?.commentText ?? m.id,
      m,
    ]),
  );

/** The operational events an endpoint received, as `type` → payload data. */
const eventsAt = (name: string) =>
  to(name).map((d) => JSON.parse(d.body) as { event: string; data: Record<string, unknown> });

describe('the circuit breaker', () => {
  it('opens after 3 failures, parks the backlog unattempted, probes on the schedule, and on the first success delivers it in creation order', async () => {
    rx.answer = (d) => (pathOf(d) === 'dead' ? { status: 503, body: 'down' } : { status: 200 });
    const { fx, wh, ep } = await endpointFixture(svc, {
      url: `${rx.url}?to=dead`,
      filterTypes: ['comment.add'],
    });
    const ops = await wh.createEndpoint({
      url: `${rx.url}?to=ops`,
      filterTypes: ['endpoint.circuit_opened', 'endpoint.recovered'],
    });
    const everything = await wh.createEndpoint({ url: `${rx.url}?to=all` });
    const texts = Array.from({ length: 10 }, (_, i) => `m${i}`);
    await addInOrder(wh, texts);

    for (let i = 0; i < 3; i += 1) await runOnce();
    expect(to('dead').map(textOf)).toEqual(['m0', 'm1', 'm2']);
    const opened = await healthOf(fx, ep.id);
    expect(opened).toMatchObject({
      circuit: 'open',
      failureCount: 3,
      lastFailure: 'HTTP 503',
      openedAt: new Date(now).toISOString(),
      disabledReason: null,
    });
    // The probe is the message that failed last: due again after the schedule's first delay.
    const probeDelay = Date.parse(opened.nextProbeAt ?? '') - now;
    expect(probeDelay).toBeGreaterThanOrEqual(4000);
    expect(probeDelay).toBeLessThanOrEqual(6000);

    await runAll();
    expect(to('dead'), 'nothing more is attempted while the circuit is open').toHaveLength(3);
    now += 7000;
    await runAll();
    expect(to('dead').map(textOf), 'only the probe is retried').toEqual(['m0', 'm1', 'm2', 'm2']);
    let messages = byText((await wh.messages(ep.id, { limit: 100 })).messages);
    for (const text of ['m3', 'm4', 'm9']) {
      expect(messages.get(text), text).toMatchObject({ status: 'pending', nextAttemptAt: null });
      expect(messages.get(text)?.attempts, `${text} used none of its attempts`).toEqual([]);
    }
    // m0 and m1 failed before the circuit opened; their retries came due and wait too.
    expect(messages.get('m0')?.attempts).toHaveLength(1);
    expect(messages.get('m0')?.nextAttemptAt).toBeNull();

    rx.answer = () => ({ status: 200 });
    now = Date.parse((await healthOf(fx, ep.id)).nextProbeAt ?? '') + 1;
    await runAll();
    expect((await healthOf(fx, ep.id)).circuit).toBe('closed');
    await runAll();
    expect(to('dead').map(textOf).slice(4)).toEqual([
      'm2',
      'm0',
      'm1',
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
      'm8',
      'm9',
    ]);
    messages = byText((await wh.messages(ep.id, { limit: 100 })).messages);
    for (const text of texts) expect(messages.get(text)?.status, text).toBe('delivered');
    expect(messages.get('m5')?.attempts).toHaveLength(1);
    expect(await healthOf(fx, ep.id)).toMatchObject({
      circuit: 'closed',
      failureCount: 0,
      failingSince: null,
      openedAt: null,
      nextProbeAt: null,
      lastFailure: 'HTTP 503',
    });

    // The events reach the endpoint that named them, not the one without a filter.
    await runAll();
    const events = eventsAt('ops');
    expect(events.map((e) => e.event)).toEqual(['endpoint.circuit_opened', 'endpoint.recovered']);
    expect(eventCatalog['endpoint.circuit_opened'].data.parse(events[0]?.data)).toMatchObject({
      endpointId: ep.id,
      failureCount: 3,
      lastFailure: 'HTTP 503',
    });
    expect(eventCatalog['endpoint.recovered'].data.parse(events[1]?.data)).toMatchObject({
      endpointId: ep.id,
      openedAt: opened.openedAt,
    });
    const kinds = new Set(to('all').map((d) => (JSON.parse(d.body) as { event: string }).event));
    expect([...kinds].sort()).toEqual(['comment.add', 'comment_annotation.add']);
    expect(ops.id).not.toBe(everything.id);

    const entries = dataOf(await fx.client.send(getAuditLog, { apiKey: fx.apiKey, pageSize: 200 }));
    const system = entries.filter((e) => e.actor.credential?.kind === 'system');
    expect(system.map((e) => e.action).sort()).toEqual([
      'Webhook Endpoint Circuit Opened',
      'Webhook Endpoint Recovered',
    ]);
    expect(system[0]?.target).toMatchObject({ endpointId: ep.id, apiKeyId: fx.apiKey });
  });

  it('writes the messages of an open endpoint parked, and they follow the older backlog', async () => {
    rx.answer = () => ({ status: 500 });
    const { fx, wh, ep } = await endpointFixture(svc, {
      url: `${rx.url}?to=late`,
      filterTypes: ['comment.add'],
    });
    await addInOrder(wh, ['a', 'b', 'c', 'd']);
    for (let i = 0; i < 3; i += 1) await runOnce();
    expect((await healthOf(fx, ep.id)).circuit).toBe('open');
    await addInOrder(wh, ['e', 'f']);
    await runAll();
    const parked = byText((await wh.messages(ep.id)).messages);
    expect(parked.get('f')).toMatchObject({ status: 'pending', nextAttemptAt: null, attempts: [] });
    rx.answer = () => ({ status: 200 });
    now = Date.parse((await healthOf(fx, ep.id)).nextProbeAt ?? '') + 1;
    await runAll();
    await runAll();
    expect(to('late').map(textOf).slice(3)).toEqual(['c', 'a', 'b', 'd', 'e', 'f']);
  });
});

describe('disabling', () => {
  it('disables at once on 410 Gone, keeps the messages, tells owner and admins, and enabling delivers the backlog', async () => {
    rx.answer = (d) => (pathOf(d) === 'gone' ? { status: 410 } : { status: 200 });
    const { fx, wh, ep } = await endpointFixture(svc, {
      url: `${rx.url}?to=gone`,
      filterTypes: ['comment.add'],
    });
    await wh.createEndpoint({ url: `${rx.url}?to=watch`, filterTypes: ['endpoint.disabled'] });
    await addInOrder(wh, ['g1', 'g2', 'g3']);
    await runOnce();
    expect(to('gone')).toHaveLength(1);
    const health = await healthOf(fx, ep.id);
    expect(health).toMatchObject({
      disabledReason: 'gone',
      disabledAt: new Date(now).toISOString(),
      lastFailure: 'HTTP 410',
    });
    const { endpoints } = dataOf(await fx.send(getAdvancedWebhookEndpoints, {}));
    expect(endpoints.find((e) => e.id === ep.id)?.disabled).toBe(true);
    now += 3_600_000;
    await runAll();
    expect(to('gone'), 'a disabled endpoint gets nothing').toHaveLength(1);
    const waiting = (await wh.messages(ep.id)).messages;
    expect(waiting.map((m) => m.status)).toEqual(['pending', 'pending', 'pending']);

    const [event] = eventsAt('watch');
    expect(event?.event).toBe('endpoint.disabled');
    expect(eventCatalog['endpoint.disabled'].data.parse(event?.data)).toMatchObject({
      endpointId: ep.id,
      reason: 'gone',
    });
    const outbox = (await svc.fetch('/dev/outbox')).body as {
      messages: { to: string; subject: string; link: string }[];
    };
    const mail = outbox.messages.find((m) => m.link.endsWith(`/webhooks/${ep.id}`));
    expect(mail).toMatchObject({
      to: fx.workspace.owner.email,
      subject: `Webhook endpoint disabled: ${rx.url}?to=gone`,
    });

    rx.answer = () => ({ status: 200 });
    const enabled = await wh.updateEndpoint({ endpointId: ep.id, disabled: false });
    expect(enabled.health).toMatchObject({ disabledReason: null, circuit: 'closed' });
    await runAll();
    expect(to('gone').map(textOf)).toEqual(['g1', 'g1', 'g2', 'g3']);
    const statuses = (await wh.messages(ep.id)).messages.map((m) => m.status);
    expect(statuses).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it('disables an endpoint that failed for 5 days on the service clock, its probes exhausting one by one', async () => {
    rx.answer = (d) => ({ status: pathOf(d) === 'days' ? 500 : 200 });
    const { fx, wh, ep } = await endpointFixture(svc, {
      url: `${rx.url}?to=days`,
      filterTypes: ['comment.add'],
    });
    await wh.createEndpoint({
      url: `${rx.url}?to=notes`,
      filterTypes: ['message.attempt.exhausted', 'endpoint.disabled'],
    });
    await addInOrder(wh, ['d1', 'd2', 'd3', 'd4', 'd5', 'd6']);
    const started = now;
    for (let i = 0; i < 3; i += 1) await runOnce();
    let health = await healthOf(fx, ep.id);
    for (let step = 0; step < 80 && health.disabledReason === null; step += 1) {
      expect(health.circuit, JSON.stringify(health)).toBe('open');
      now = Date.parse(health.nextProbeAt ?? '') + 1;
      await runAll();
      health = await healthOf(fx, ep.id);
    }
    expect(health.disabledReason).toBe('failing');
    const failedFor = Date.parse(health.disabledAt ?? '') - Date.parse(health.failingSince ?? '');
    expect(failedFor).toBeGreaterThanOrEqual(120 * 3_600_000);
    expect(Date.parse(health.failingSince ?? '')).toBe(started);
    // The attempt before the one that disabled it was still within the 5 days.
    const attempts = to('days');
    expect(attempts.length).toBeGreaterThan(3);

    await runAll();
    const notes = eventsAt('notes');
    const exhausted = notes.filter((e) => e.event === 'message.attempt.exhausted');
    expect(exhausted.length).toBeGreaterThanOrEqual(1);
    expect(eventCatalog['message.attempt.exhausted'].data.parse(exhausted[0]?.data)).toMatchObject({
      endpointId: ep.id,
      attempts: 8,
      eventType: 'comment.add',
    });
    expect(notes.filter((e) => e.event === 'endpoint.disabled')).toHaveLength(1);
    const messages = (await wh.messages(ep.id)).messages;
    const failed = messages.filter((m) => m.status === 'failed');
    expect(failed).toHaveLength(exhausted.length);
    for (const m of failed) expect(m.attempts).toHaveLength(8);
    expect(messages.filter((m) => m.status === 'pending').length).toBeGreaterThan(0);
  });
});
