import { openSealed, receiverKeys } from '../testing/sealed-payload';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/service-process';
import { type TestService, startTestService } from '../testing/test-service';
import { endpointFixture } from '../testing/webhook-fixtures';
import { sendTestEvent } from '#contract/webhooks';
import { type Delivery, type Receiver, startReceiver } from '../testing/webhook-receiver';

const now = Date.now();
let svc: TestService;
let rx: Receiver;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    webhookWorker: { background: false, timeoutMs: 500 },
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
const comment = (text = 'hello') => [text];

describe('a delivery', () => {
  it('carries Standard Webhooks headers that the standardwebhooks library verifies', async () => {
    const { wh, ep, secret } = await endpointFixture(svc, { url: rx.url });
    await wh.addComments('org-1', comment());
    await runOnce();
    expect(rx.received).toHaveLength(2);
    const verifier = new Webhook(secret);
    for (const d of rx.received) {
      const h = headersOf(d);
      expect(h['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Number(h['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
      expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(h['content-type']).toBe('application/json');
      const payload = verifier.verify(d.body, h) as Record<string, unknown>;
      expect(payload.webhookId).toBe(h['webhook-id']);
    }
    const tampered = rx.received[0];
    expect(() =>
      verifier.verify(`${tampered?.body ?? ''} `, headersOf(tampered as Delivery)),
    ).toThrow();
    const log = await wh.messages(ep.id);
    expect(log.messages.map((m) => m.status)).toEqual(['delivered', 'delivered']);
    expect(log.messages[0]?.attempts).toEqual([
      {
        attemptedAt: new Date(now).toISOString(),
        responseStatus: 200,
        durationMs: expect.any(Number),
        responseBody: 'ok',
        error: null,
      },
    ]);
  });

  it('has the payload shape { event, actionType, source, data, webhookId, platform }', async () => {
    const { wh } = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
    await wh.addComments('org-7', comment('shape'));
    await runOnce();
    const body = JSON.parse(rx.received[0]?.body ?? '{}') as Record<string, unknown>;
    expect(body).toEqual({
      event: 'comment.add',
      actionType: 'add',
      source: 'api',
      data: {
        organizationId: 'org-7',
        documentId: 'doc-1',
        annotationId: expect.stringMatching(/^ann_/),
        commentId: expect.stringMatching(/^cmt_/),
        comment: {
          commentId: expect.stringMatching(/^cmt_/),
          commentText: 'shape',
          from: { userId: 'u-1', name: 'Ann' },
          createdAt: new Date(now).toISOString(),
        },
      },
      webhookId: rx.received[0]?.headers['webhook-id'],
      platform: 'server',
    });
  });

  it('sends { encodedPayload } with encodeData, signed over the body sent', async () => {
    const { wh, secret } = await endpointFixture(
      svc,
      { url: rx.url, filterTypes: ['comment.add'] },
      { encodeData: true },
    );
    await wh.addComments('org-1', comment('encoded'));
    await runOnce();
    const d = rx.received[0] as Delivery;
    const body = new Webhook(secret).verify(d.body, headersOf(d)) as { encodedPayload: string };
    expect(Object.keys(body)).toEqual(['encodedPayload']);
    const payload = JSON.parse(Buffer.from(body.encodedPayload, 'base64').toString()) as {
      data: { comment: { commentText: string } };
    };
    expect(payload.data.comment.commentText).toBe('encoded');
  });

  it('sends { encryptedData, encryptedKey, iv } with encryptData, readable with the private key', async () => {
    const { publicKey, privateKey } = receiverKeys();
    const { wh, secret } = await endpointFixture(
      svc,
      { url: rx.url, filterTypes: ['comment.add'] },
      {
        encryptData: true,
        encodeData: true,
        publicKey,
      },
    );
    await wh.addComments('org-1', comment('secret text'));
    await runOnce();
    const d = rx.received[0] as Delivery;
    expect(d.body).not.toContain('secret text');
    const sealed = new Webhook(secret).verify(d.body, headersOf(d)) as Record<string, string>;
    expect(Object.keys(sealed).sort()).toEqual(['encryptedData', 'encryptedKey', 'iv']);
    const payload = JSON.parse(openSealed(sealed, privateKey)) as {
      event: string;
      data: { comment: { commentText: string } };
    };
    expect(payload.event).toBe('comment.add');
    expect(payload.data.comment.commentText).toBe('secret text');
  });

  it('sends a test event of the type asked for to that one endpoint', async () => {
    const { fx, ep, secret } = await endpointFixture(svc, {
      url: rx.url,
      filterTypes: ['comment_annotation.add'],
    });
    const send = (data: unknown) => fx.send(sendTestEvent, data);
    const sent = await send({ endpointId: ep.id, eventType: 'comment.update' });
    expect(sent.body.result.data).toEqual({
      endpointId: ep.id,
      messageId: expect.stringMatching(/^msg_/),
    });
    await send({ endpointId: ep.id });
    await runOnce();
    const verifier = new Webhook(secret);
    const events = rx.received.map(
      (d) => verifier.verify(d.body, headersOf(d)) as Record<string, unknown>,
    );
    const test = events.find((e) => e.webhookId === sent.body.result.data.messageId);
    expect(test).toMatchObject({ event: 'comment.update', source: 'test', data: { test: true } });
    expect(events.map((e) => e.event).sort()).toEqual(['comment.update', 'comment_annotation.add']);
    expect((await send({ endpointId: 'ep_nope' })).status).toBe(400);
  });
});

describe('a failed attempt', () => {
  it('is a non-2xx answer: redirects are not followed, and 1 KB of the body is kept', async () => {
    const other = await startReceiver();
    try {
      rx.answer = () => ({
        status: 302,
        headers: { location: other.url },
        body: 'x'.repeat(5000),
      });
      const { wh, ep } = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
      await wh.addComments('org-1', comment());
      await runOnce();
      expect(rx.received).toHaveLength(1);
      expect(other.received).toHaveLength(0);
      const [message] = (await wh.messages(ep.id)).messages;
      expect(message?.status).toBe('pending');
      expect(message?.attempts[0]).toMatchObject({ responseStatus: 302, error: null });
      expect(message?.attempts[0]?.responseBody).toBe('x'.repeat(1024));
    } finally {
      await other.close();
    }
  });

  it('is a timeout or a refused connection, recorded without a status', async () => {
    rx.answer = () => ({ status: 200, delayMs: 2000 });
    const slow = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
    const closed = await endpointFixture(svc, {
      url: `http://127.0.0.1:${await freePort()}/gone`,
      filterTypes: ['comment.add'],
    });
    await slow.wh.addComments('org-1', comment());
    await closed.wh.addComments('org-1', comment());
    await runOnce();
    const [timedOut] = (await slow.wh.messages(slow.ep.id)).messages;
    expect(timedOut?.attempts[0]).toMatchObject({
      responseStatus: null,
      error: 'No complete answer within 0.5 s.',
    });
    expect(timedOut?.status).toBe('pending');
    const [refused] = (await closed.wh.messages(closed.ep.id)).messages;
    expect(refused?.attempts[0]?.responseStatus).toBeNull();
    expect(refused?.attempts[0]?.error).toContain('ECONNREFUSED');
    expect(refused?.status).toBe('pending');
  });
});
