import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_CALL, addCommentAnnotations } from '#contract/activities';
import { createApiKey, MAX_PRODUCTION_KEYS } from '#contract/api-keys';
import { MAX_WEBHOOK_ENDPOINTS_PER_KEY, createAdvancedWebhookEndpoint } from '#contract/webhooks';
import { createWorkspaceFixture } from './testing/fixtures';
import { rows } from './testing/rows';
import { type TestService, startTestService } from './testing/test-service';
import { webhooksOf } from './testing/webhook-fixtures';
import { MAX_MESSAGES_PER_FANOUT, fanOutOnce } from './jobs/webhook-fanout';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    env: { BODY_LIMIT_BYTES: String(8 * 1024 * 1024) },
    webhookWorker: { background: false },
  });
});
afterAll(() => svc.close());

const exhausted = (message: string) => ({ error: { status: 'RESOURCE_EXHAUSTED', message } });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(svc.database.db, query);
  return row?.n ?? 0;
}

describe('webhook endpoints per API key', () => {
  it(`stop at ${MAX_WEBHOOK_ENDPOINTS_PER_KEY}, also under a burst of parallel creates`, async () => {
    const fx = await createWorkspaceFixture(svc);
    await webhooksOf(fx).enable();
    const create = (i: number) =>
      fx.send(createAdvancedWebhookEndpoint, { url: `https://e${i}.example.com` });
    const answers = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS_PER_KEY + 10 }, (_, i) => create(i)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_WEBHOOK_ENDPOINTS_PER_KEY);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.body).toEqual(
      exhausted(
        `An API key may have at most ${MAX_WEBHOOK_ENDPOINTS_PER_KEY} webhook endpoints. Delete one to create another.`,
      ),
    );
    const stored = await count(
      sql`select count(*)::int as n from webhook_endpoints where api_key_id = ${fx.apiKey}`,
    );
    expect(stored).toBe(MAX_WEBHOOK_ENDPOINTS_PER_KEY);
  });
});

describe('production API keys per workspace', () => {
  it(`stop at ${MAX_PRODUCTION_KEYS}`, async () => {
    const fx = await createWorkspaceFixture(svc);
    const create = () => fx.send(createApiKey, { type: 'production' });
    for (let i = 0; i < MAX_PRODUCTION_KEYS; i += 1) expect((await create()).status).toBe(200);
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(
      exhausted(`A workspace may have at most ${MAX_PRODUCTION_KEYS} production API keys.`),
    );
  });
});

describe('events of one call', () => {
  const user = { userId: 'u-1' };
  const annotations = (count: number, comments: number) =>
    Array.from({ length: count }, () => ({
      commentData: Array.from({ length: comments }, () => ({ commentText: 'x', from: user })),
    }));

  it(`are at most ${MAX_EVENTS_PER_CALL}, annotations and comments together`, async () => {
    const fx = await createWorkspaceFixture(svc);
    const res = await fx.send(addCommentAnnotations, {
      organizationId: 'o',
      documentId: 'd',
      commentAnnotations: annotations(1000, 50),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: `data.commentAnnotations must add at most ${MAX_EVENTS_PER_CALL} annotations and comments together (each is one event); this call adds 51000`,
      },
    });
  });

  it('are written once each, whatever the number of endpoints, and fanned out in bounded statements', async () => {
    const fx = await createWorkspaceFixture(svc);
    const wh = webhooksOf(fx);
    await wh.enable();
    for (let i = 0; i < 20; i += 1) await wh.createEndpoint({ url: `https://f${i}.example.com` });
    const res = await fx.send(addCommentAnnotations, {
      organizationId: 'o',
      documentId: 'd',
      commentAnnotations: annotations(600, 4),
    });
    expect(res.status).toBe(200);
    const messagesOfKey = () =>
      count(sql`select count(*)::int as n from webhook_messages m
        join webhook_endpoints e on e.id = m.endpoint_id where e.api_key_id = ${fx.apiKey}`);
    // The call wrote its 3,000 events, not 60,000 messages.
    expect(
      await count(sql`select count(*)::int as n from events where api_key_id = ${fx.apiKey}`),
    ).toBe(3000);
    expect(await messagesOfKey()).toBe(0);
    // The fan-out writes them a bounded statement at a time.
    let passes = 0;
    let before = 0;
    for (;;) {
      const done = await fanOutOnce(svc.database.db, new Date());
      if (done.events === 0) break;
      passes += 1;
      const now = await messagesOfKey();
      expect(now - before).toBeLessThanOrEqual(MAX_MESSAGES_PER_FANOUT);
      before = now;
    }
    expect(before).toBe(60_000);
    expect(passes).toBeGreaterThanOrEqual(30);
  }, 60_000);
});
