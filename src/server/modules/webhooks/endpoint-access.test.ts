import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { webhookErrors, webhooksOf } from '../../testing/webhook-fixtures';
import {
  createAdvancedWebhookEndpoint,
  deleteAdvancedWebhookEndpoint,
  getAdvancedWebhookEndpoints,
  getAdvancedWebhookEndpointSecret,
  sendTestEvent,
  updateAdvancedWebhookConfig,
} from '#contract/webhooks';
import {
  listAdvancedWebhookEndpointMessages,
  recoverFailedAdvancedWebhookMessages,
  resendAdvancedWebhookMessage,
  rotateAdvancedWebhookEndpointSecret,
} from '#contract/webhook-deliveries';

let now = Date.parse('2026-01-05T10:00:00.000Z');
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    webhookWorker: { background: false },
  });
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });
const { unknown, notEnabled } = webhookErrors;

async function enabledFixture(): Promise<WorkspaceFixture> {
  const fx = await createWorkspaceFixture(svc);
  await webhooksOf(fx).enable();
  return fx;
}

describe('Get Advanced Webhook Endpoints', () => {
  it('pages forward and back with signed iterators bound to the key', async () => {
    const fx = await enabledFixture();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      now += 1;
      ids.push(
        (await fx.send(createAdvancedWebhookEndpoint, { url: `https://h${i}.example.com` })).body
          .result.data.id,
      );
    }
    const first = (await fx.send(getAdvancedWebhookEndpoints, { limit: 2 })).body.result.data;
    expect(first.endpoints.map((e) => e.id)).toEqual(ids.slice(0, 2));
    expect(first).toMatchObject({ done: false, prevIterator: null });
    const second = (
      await fx.send(getAdvancedWebhookEndpoints, { limit: 2, iterator: first.iterator })
    ).body.result.data;
    expect(second.endpoints.map((e) => e.id)).toEqual(ids.slice(2, 4));
    const third = (
      await fx.send(getAdvancedWebhookEndpoints, { limit: 2, iterator: second.iterator })
    ).body.result.data;
    expect(third.endpoints.map((e) => e.id)).toEqual(ids.slice(4));
    expect(third).toMatchObject({ done: true, iterator: null });
    const back = (
      await fx.send(getAdvancedWebhookEndpoints, { limit: 2, iterator: third.prevIterator })
    ).body.result.data;
    expect(back.endpoints.map((e) => e.id)).toEqual(ids.slice(2, 4));
    const start = (
      await fx.send(getAdvancedWebhookEndpoints, { limit: 2, iterator: back.prevIterator })
    ).body.result.data;
    expect(start.endpoints.map((e) => e.id)).toEqual(ids.slice(0, 2));
    expect(start.prevIterator).toBeNull();
    expect((await fx.send(getAdvancedWebhookEndpoints)).body.result.data).toMatchObject({
      done: true,
      iterator: null,
    });

    const other = await enabledFixture();
    const invalid = error(
      'INVALID_ARGUMENT',
      'data.iterator is not valid for this list and filters; start again without it.',
    );
    expect(
      (await other.send(getAdvancedWebhookEndpoints, { iterator: first.iterator })).body,
    ).toEqual(invalid);
    expect(
      (await fx.send(getAdvancedWebhookEndpoints, { iterator: `${first.iterator ?? ''}x` })).body,
    ).toEqual(invalid);
    expect((await fx.send(getAdvancedWebhookEndpoints, { iterator: 'it_garbage' })).body).toEqual(
      invalid,
    );
  });

  it('lists only the caller’s endpoints, also while the feature is off', async () => {
    const fx = await enabledFixture();
    const mine = (await fx.send(createAdvancedWebhookEndpoint, { url: 'https://mine.example.com' }))
      .body.result.data;
    await (
      await enabledFixture()
    ).send(createAdvancedWebhookEndpoint, { url: 'https://theirs.example.com' });
    await fx.send(updateAdvancedWebhookConfig, { isEnabled: false });
    expect((await fx.send(getAdvancedWebhookEndpoints)).body.result.data.endpoints).toEqual([mine]);
  });

  it('reads a page through the index, without scanning the table', async () => {
    const plan = await rows<{ 'QUERY PLAN': string }>(
      svc.database.db,
      sql`explain select * from webhook_endpoints where api_key_id = 'k'
          and (created_at, id) > ('2026-01-01'::timestamptz, 'ep_x')
          order by created_at, id limit 51`,
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(
      'webhook_endpoints_key_created_idx',
    );
  });
});

describe('Endpoint secret, deletion and rotation', () => {
  it('gives a whsec_ secret of 24+ random bytes, stored encrypted, only through its endpoint', async () => {
    const fx = await enabledFixture();
    const ep = (await fx.send(createAdvancedWebhookEndpoint, { url: 'https://a.example.com' })).body
      .result.data;
    const res = await fx.send(getAdvancedWebhookEndpointSecret, {
      endpointId: ep.id,
    });
    expect(res.body.result.data.endpointId).toBe(ep.id);
    const secret = res.body.result.data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const stored = await rows(
      svc.database.db,
      sql`select secret_enc from webhook_endpoints where id = ${ep.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    const listed = JSON.stringify((await fx.send(getAdvancedWebhookEndpoints)).body);
    expect(listed).not.toContain(secret);
    const other = await enabledFixture();
    expect(
      (await other.send(getAdvancedWebhookEndpointSecret, { endpointId: ep.id })).body,
    ).toEqual(unknown(ep.id));
  });

  it('rotates: a new secret, the previous one honoured for 24 hours', async () => {
    const a = await enabledFixture();
    const ep = (await a.send(createAdvancedWebhookEndpoint, { url: 'https://a.example.com' })).body
      .result.data;
    const secret = async () =>
      (await a.send(getAdvancedWebhookEndpointSecret, { endpointId: ep.id })).body.result.data
        .secret;
    const before = await secret();
    const rotated = await a.send(rotateAdvancedWebhookEndpointSecret, { endpointId: ep.id });
    expect(rotated.body.result.data).toEqual({
      endpointId: ep.id,
      rotatedAt: new Date(now).toISOString(),
      previousSecretExpiresAt: new Date(now + 24 * 3600 * 1000).toISOString(),
    });
    expect(JSON.stringify(rotated.body)).not.toContain('whsec_');
    expect(await secret()).not.toBe(before);
    expect(
      (await a.send(rotateAdvancedWebhookEndpointSecret, { endpointId: 'ep_nope' })).body,
    ).toEqual(unknown('ep_nope'));
  });

  it('deletes the caller’s endpoint only', async () => {
    const a = await enabledFixture();
    const b = await enabledFixture();
    const ep = (await a.send(createAdvancedWebhookEndpoint, { url: 'https://a.example.com' })).body
      .result.data;
    expect((await b.send(deleteAdvancedWebhookEndpoint, { endpointId: ep.id })).body).toEqual(
      unknown(ep.id),
    );
    const res = await a.send(deleteAdvancedWebhookEndpoint, { endpointId: ep.id });
    expect(res.body.result.data).toEqual({ endpointId: ep.id, deleted: true });
    expect((await a.send(deleteAdvancedWebhookEndpoint, { endpointId: ep.id })).body).toEqual(
      unknown(ep.id),
    );
    expect((await a.send(getAdvancedWebhookEndpointSecret, { endpointId: ep.id })).body).toEqual(
      unknown(ep.id),
    );
    expect((await a.send(getAdvancedWebhookEndpoints)).body.result.data.endpoints).toEqual([]);
  });

  it('reads, rotates and deletes while the feature is off, but sends nothing', async () => {
    const fx = await enabledFixture();
    const ep = (await fx.send(createAdvancedWebhookEndpoint, { url: 'https://a.example.com' })).body
      .result.data;
    await fx.send(updateAdvancedWebhookConfig, { isEnabled: false });
    expect((await fx.send(getAdvancedWebhookEndpointSecret, { endpointId: ep.id })).status).toBe(
      200,
    );
    expect((await fx.send(rotateAdvancedWebhookEndpointSecret, { endpointId: ep.id })).status).toBe(
      200,
    );
    expect((await fx.send(listAdvancedWebhookEndpointMessages, { endpointId: ep.id })).status).toBe(
      200,
    );
    expect((await fx.send(sendTestEvent, { endpointId: ep.id })).body).toEqual(notEnabled);
    expect(
      (await fx.send(resendAdvancedWebhookMessage, { endpointId: ep.id, messageId: 'msg_x' })).body,
    ).toEqual(notEnabled);
    expect(
      (
        await fx.send(recoverFailedAdvancedWebhookMessages, {
          endpointId: ep.id,
          since: '2026-01-01T00:00:00Z',
        })
      ).body,
    ).toEqual(notEnabled);
    expect((await fx.send(deleteAdvancedWebhookEndpoint, { endpointId: ep.id })).status).toBe(200);
  });
});
