import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  listAdvancedWebhookEndpointMessages,
  recoverFailedAdvancedWebhookMessages,
  resendAdvancedWebhookMessage,
  rotateAdvancedWebhookEndpointSecret,
  type WebhookMessage,
} from '#contract/webhook-deliveries';
import { deleteAdvancedWebhookEndpoint, updateAdvancedWebhookConfig } from '#contract/webhooks';
import { type TestService, startTestService } from '../testing/test-service';
import { endpointFixture } from '../testing/webhook-fixtures';
import { type Delivery, type Receiver, startReceiver } from '../testing/webhook-receiver';
import { RETRY_DELAYS_MS } from './retry-schedule';

let now = Date.now();
let svc: TestService;
let rx: Receiver;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    webhookWorker: { background: false },
    // Each message's own schedule, with the circuit breaker off (webhook-circuit.test.ts has it on).
    env: { WEBHOOK_BREAKER_FAILURES: '0' },
  });
  rx = await startReceiver();
});
afterAll(async () => {
  await svc.close();
  await rx.close();
});
afterEach(() => rx.reset());

const runOnce = () => svc.app.webhookWorker.runOnce();
const headersOf = (d: Delivery) => d.headers as Record<string, string>;
const ms = (iso: string | null | undefined) => Date.parse(iso ?? '');
/** The wait the message was given after its latest attempt. */
const delayOf = (m: WebhookMessage) =>
  ms(m.nextAttemptAt) - ms(m.attempts.at(-1)?.attemptedAt ?? null);

describe('retries', () => {
  it('follow 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h with ±20 % jitter, same webhook-id, then fail', async () => {
    rx.answer = () => ({ status: 500, body: 'down' });
    const { wh, ep } = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
    await wh.addComments('org-1', ['a', 'b', 'c', 'd', 'e', 'f']);
    await runOnce();
    for (const [round, delay] of RETRY_DELAYS_MS.entries()) {
      const { messages } = await wh.messages(ep.id);
      expect(messages).toHaveLength(6);
      const delays = messages.map(delayOf);
      for (const m of messages) {
        expect(m.status).toBe('pending');
        expect(m.attempts).toHaveLength(round + 1);
        expect(delayOf(m)).toBeGreaterThanOrEqual(delay * 0.8);
        expect(delayOf(m)).toBeLessThanOrEqual(delay * 1.2);
      }
      expect(new Set(delays).size, 'jitter spreads the retries').toBeGreaterThan(1);
      const due = Math.min(...messages.map((m) => ms(m.nextAttemptAt)));
      now = due - 1000;
      expect(await runOnce(), 'nothing is attempted before it is due').toBe(0);
      now = Math.max(...messages.map((m) => ms(m.nextAttemptAt)));
      expect(await runOnce()).toBe(6);
    }
    const { messages } = await wh.messages(ep.id);
    for (const m of messages) {
      expect(m).toMatchObject({
        status: 'failed',
        nextAttemptAt: null,
        failureReason: 'The last 8 attempts all failed.',
      });
      expect(m.attempts).toHaveLength(8);
      expect(m.attempts.every((a) => a.responseStatus === 500 && a.responseBody === 'down')).toBe(
        true,
      );
    }
    expect(rx.received).toHaveLength(48);
    const idsPerMessage = new Map<string, number>();
    for (const d of rx.received) {
      const id = headersOf(d)['webhook-id'] ?? '';
      idsPerMessage.set(id, (idsPerMessage.get(id) ?? 0) + 1);
    }
    expect([...idsPerMessage.keys()].sort()).toEqual(messages.map((m) => m.id).sort());
    expect([...idsPerMessage.values()]).toEqual([8, 8, 8, 8, 8, 8]);
    now += 24 * 3600 * 1000;
    expect(await runOnce()).toBe(0);
  });

  it('honour Retry-After of a 429 or 503 from the scheduled delay to an hour, and no other', async () => {
    rx.answer = (d) => {
      const params = new URL(d.url, 'http://x').searchParams;
      return {
        status: Number(params.get('status')),
        headers: { 'retry-after': params.get('ra') ?? '' },
      };
    };
    const wall = (ms: number) => new Date(Date.now() + ms).toUTCString();
    const cases = [
      { status: 503, ra: '1800', check: (delay: number) => delay === 1_800_000 },
      { status: 429, ra: '86400', check: (delay: number) => delay === 3_600_000 },
      {
        status: 429,
        ra: wall(600_000),
        check: (delay: number) => Math.abs(delay - 600_000) < 3000,
      },
      { status: 503, ra: '1', check: (delay: number) => delay >= 4000 && delay <= 6000 },
      { status: 503, ra: '7', check: (delay: number) => delay === 7000 },
      { status: 500, ra: '1800', check: (delay: number) => delay >= 4000 && delay <= 6000 },
    ];
    for (const c of cases) {
      const { fx, wh, ep } = await endpointFixture(svc, {
        url: `${rx.url}?status=${c.status}&ra=${encodeURIComponent(c.ra)}`,
        filterTypes: ['comment.add'],
      });
      await wh.addComments('org-1', ['x']);
      await runOnce();
      const [message] = (await wh.messages(ep.id)).messages;
      expect(message?.attempts[0]?.responseStatus).toBe(c.status);
      const delay = delayOf(message as WebhookMessage);
      expect(c.check(delay), `Retry-After ${c.ra} gave ${delay} ms`).toBe(true);
      // Its retry would land in the later tests, whose clocks move on by hours.
      await fx.send(deleteAdvancedWebhookEndpoint, { endpointId: ep.id });
    }
  });
});

describe('delivery-time checks', () => {
  it('fails, without an attempt, a message whose endpoint or feature was turned off meanwhile', async () => {
    const { fx, wh, ep } = await endpointFixture(svc, {
      url: rx.url,
      filterTypes: ['comment.add'],
    });
    await wh.addComments('org-1', ['before disabling']);
    await wh.updateEndpoint({ endpointId: ep.id, disabled: true });
    await runOnce();
    const second = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
    await second.wh.addComments('org-1', ['before turning off']);
    await second.fx.send(updateAdvancedWebhookConfig, { isEnabled: false });
    await runOnce();
    expect(rx.received).toHaveLength(0);
    expect((await wh.messages(ep.id)).messages[0]).toMatchObject({
      status: 'failed',
      attempts: [],
      failureReason: 'The endpoint was disabled before delivery.',
    });
    expect((await second.wh.messages(second.ep.id)).messages[0]).toMatchObject({
      status: 'failed',
      attempts: [],
      failureReason: 'Advanced webhooks were turned off before delivery.',
    });
    expect(fx.apiKey).not.toBe(second.fx.apiKey);
  });
});

describe('resend and recover', () => {
  it('resends a delivered message under the same webhook-id', async () => {
    const { fx, wh, ep } = await endpointFixture(svc, {
      url: rx.url,
      filterTypes: ['comment.add'],
    });
    await wh.addComments('org-1', ['again']);
    await runOnce();
    const [message] = (await wh.messages(ep.id)).messages;
    const resend = (data: unknown) => fx.send(resendAdvancedWebhookMessage, data);
    const res = await resend({ endpointId: ep.id, messageId: message?.id });
    expect(res.body.result.data).toEqual({
      endpointId: ep.id,
      messageId: message?.id,
      status: 'pending',
    });
    await runOnce();
    expect(rx.received.map((d) => d.headers['webhook-id'])).toEqual([message?.id, message?.id]);
    const [after] = (await wh.messages(ep.id)).messages;
    expect(after?.status).toBe('delivered');
    expect(after?.attempts).toHaveLength(2);
    expect((await resend({ endpointId: ep.id, messageId: 'msg_nope' })).body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: `Webhook message msg_nope does not exist for endpoint ${ep.id}.`,
      },
    });
    await wh.updateEndpoint({ endpointId: ep.id, disabled: true });
    expect((await resend({ endpointId: ep.id, messageId: message?.id })).body).toEqual({
      error: {
        status: 'FAILED_PRECONDITION',
        message:
          'The webhook endpoint is disabled; enable it with Update Advanced Webhook Endpoint first.',
      },
    });
  });

  it('recovers the failed messages created since a time', async () => {
    const { fx, wh, ep } = await endpointFixture(svc, {
      url: `${rx.url}?recover`,
      filterTypes: ['comment.add'],
    });
    await wh.addComments('org-1', ['old']);
    now += 60_000;
    const since = new Date(now).toISOString();
    await wh.addComments('org-1', ['new 1', 'new 2']);
    await wh.updateEndpoint({ endpointId: ep.id, disabled: true });
    await runOnce();
    await wh.updateEndpoint({ endpointId: ep.id, disabled: false });
    const res = await fx.send(recoverFailedAdvancedWebhookMessages, { endpointId: ep.id, since });
    expect(res.body.result.data).toEqual({ endpointId: ep.id, recovered: 2 });
    await runOnce();
    const texts = rx.received
      .filter((d) => d.url.endsWith('?recover'))
      .map(
        (d) =>
          (JSON.parse(d.body) as { data: { comment: { commentText: string } } }).data.comment
            .commentText,
      );
    expect(texts.sort()).toEqual(['new 1', 'new 2']);
    const statuses = (await wh.messages(ep.id)).messages.map((m) => m.status);
    expect(statuses).toEqual(['delivered', 'delivered', 'failed']);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    const {
      fx,
      wh,
      ep,
      secret: old,
    } = await endpointFixture(svc, {
      url: rx.url,
      filterTypes: ['comment.add'],
    });
    await fx.send(rotateAdvancedWebhookEndpointSecret, { endpointId: ep.id });
    const fresh = await wh.secret(ep.id);
    await wh.addComments('org-1', ['during grace']);
    await runOnce();
    const during = rx.received[0] as Delivery;
    expect(headersOf(during)['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(fresh).verify(during.body, headersOf(during))).not.toThrow();
    expect(() => new Webhook(old).verify(during.body, headersOf(during))).not.toThrow();

    now += 24 * 3600 * 1000 + 1000;
    await wh.addComments('org-1', ['after grace']);
    await runOnce();
    const after = rx.received[1] as Delivery;
    expect(headersOf(after)['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(() => new Webhook(fresh).verify(after.body, headersOf(after))).not.toThrow();
    expect(() => new Webhook(old).verify(after.body, headersOf(after))).toThrow();
  });
});

describe('delivery log', () => {
  it('pages newest first with an iterator bound to the endpoint', async () => {
    const { fx, wh, ep } = await endpointFixture(svc, {
      url: rx.url,
      filterTypes: ['comment.add'],
    });
    for (const text of ['one', 'two', 'three']) {
      now += 1000;
      await wh.addComments('org-1', [text]);
    }
    await runOnce();
    const text = (m: WebhookMessage) =>
      (m.payload.data as { comment: { commentText: string } }).comment.commentText;
    const first = await wh.messages(ep.id, { limit: 2 });
    expect(first.messages.map(text)).toEqual(['three', 'two']);
    expect(first.done).toBe(false);
    const second = await wh.messages(ep.id, { limit: 2, iterator: first.iterator });
    expect(second.messages.map(text)).toEqual(['one']);
    expect(second).toMatchObject({ done: true, iterator: null });
    const other = await endpointFixture(svc, { url: rx.url });
    const foreign = await other.fx.send(listAdvancedWebhookEndpointMessages, {
      endpointId: other.ep.id,
      iterator: first.iterator,
    });
    expect(foreign.status).toBe(400);
    const theirs = await other.fx.send(listAdvancedWebhookEndpointMessages, { endpointId: ep.id });
    expect(theirs.status).toBe(400);
    expect(fx.apiKey).toBeTruthy();
  });
});
