import { describe, expect, it } from 'vitest';
import { getAdvancedWebhookEndpoints } from '#contract/webhooks';
import { seededDataDir, spawnTestService } from '../testing/process-fixtures';
import { dataOf } from '../testing/replies';
import { freePort } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import { commentTextsOf, startReceiver } from '../testing/webhook-receiver';

const dataDir = await seededDataDir('svc-webhook-circuit-');

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const textOf = (body: string) =>
  (JSON.parse(body) as { data: { comment: { commentText: string } } }).data.comment.commentText;

describe.skipIf(process.env.DATABASE_URL)('a receiver that is down, then up', () => {
  it('opens the circuit, and once the probe gets through delivers every message once, in order', async () => {
    const receiverPort = await freePort();
    const port = await freePort();
    const service = await spawnTestService(
      { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_BREAKER_FAILURES: '3' },
      port,
    );
    let rx: Awaited<ReturnType<typeof startReceiver>> | undefined;
    try {
      const key = await apiKeyCredentialsOn(remote(service.url), 'circuit@example.com');
      const svc = remote(service.url, [key]);
      const wh = webhooksOf(svc);
      await wh.enable();
      // Paced, so that the order deliveries are sent in is the order they arrive in.
      const ep = await wh.createEndpoint({
        url: `http://127.0.0.1:${receiverPort}/hook`,
        filterTypes: ['comment.add'],
        rateLimit: 20,
      });
      const texts = Array.from({ length: 30 }, (_, i) => `c${String(i).padStart(2, '0')}`);
      // One call each: each message has a creation time of its own.
      for (const text of texts) await wh.addComments('org-1', [text]);

      const health = async () => {
        const { endpoints } = dataOf(await svc.send(getAdvancedWebhookEndpoints, {}));
        return endpoints.find((e) => e.id === ep.id)?.health;
      };
      await until('the circuit to open', async () => (await health())?.circuit === 'open', 30_000);
      rx = await startReceiver('/hook', receiverPort);
      const received = rx.received;
      await until(
        'every message',
        () => Promise.resolve(commentTextsOf(received).size === texts.length),
        60_000,
      );
      // Nothing more comes: each message was delivered once.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const ids = received.map((d) => d.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(texts.length);
      // The probe first, then the backlog in the order it was created.
      const [probe, ...rest] = received.map((d) => textOf(d.body));
      expect(rest).toEqual(texts.filter((t) => t !== probe));
      expect((await health())?.circuit).toBe('closed');
    } finally {
      await service.stop('SIGKILL');
      await rx?.close();
    }
  }, 150_000);
});
