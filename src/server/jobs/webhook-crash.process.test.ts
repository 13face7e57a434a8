import { seededDataDir, spawnTestService } from '../testing/process-fixtures';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import { commentTextsOf, startReceiver } from '../testing/webhook-receiver';

const dataDir = await seededDataDir('svc-webhook-crash-');

describe.skipIf(process.env.DATABASE_URL)('webhook delivery across kill -9', () => {
  it('delivers every message at least once after the service is killed mid-delivery', async () => {
    const rx = await startReceiver();
    // Slow answers keep many deliveries in flight when the process dies.
    rx.answer = () => ({ status: 200, body: 'ok', delayMs: 150 });
    const env = { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true' };
    const port = await freePort();
    const first = await spawnTestService(env, port);
    try {
      const key = await apiKeyCredentialsOn(remote(first.url), 'crash@example.com');
      const wh = webhooksOf(remote(first.url, [key]));
      await wh.enable();
      await wh.createEndpoint({ url: rx.url, filterTypes: ['comment.add'] });
      const total = 300;
      for (let i = 0; i < total; i += 100) {
        await wh.addComments(
          'org-1',
          Array.from({ length: 100 }, (_, j) => `c${i + j}`),
        );
      }
      await rx.waitFor(20, 20_000);
      await first.stop('SIGKILL');
      const beforeRestart = new Set(rx.received.map((d) => d.headers['webhook-id'])).size;
      expect(beforeRestart).toBeLessThan(total);

      const second = await spawnTestService(env, port);
      try {
        const deadline = Date.now() + 30_000;
        const texts = () => commentTextsOf(rx.received);
        while (texts().size < total && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const expected = Array.from({ length: total }, (_, i) => `c${i}`);
        expect([...texts()].sort()).toEqual(expected.sort());
        expect(new Set(rx.received.map((d) => d.headers['webhook-id'])).size).toBe(total);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop('SIGKILL');
      await rx.close();
    }
  }, 90_000);
});
