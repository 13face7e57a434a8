import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  listWebhookServiceDeliveries,
  updateWebhookServiceConfig,
} from '#contract/webhook-service';
import { emptyServerDatabase, seededDataDir, spawnTestService } from '../testing/process-fixtures';
import { dataOf } from '../testing/replies';
import { freePort } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import { startReceiver } from '../testing/webhook-receiver';

const serverUrl = process.env.DATABASE_URL;
const TOKEN = 'crash-basic-token-0192';
/** Threads of one comment: a newlyAdded each (the first comment is the thread's event). */
const THREADS = 100;
const TOTAL = THREADS;

/** Where the service keeps its data: a seeded data directory, or a new PostgreSQL database. */
async function storage(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!serverUrl) {
    return {
      env: { DATA_DIR: await seededDataDir('svc-basic-webhook-crash-') },
      drop: () => Promise.resolve(),
    };
  }
  const database = await emptyServerDatabase(serverUrl);
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}

const until = async (done: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('basic webhooks across kill -9', () => {
  it('delivers each pending basic webhook once after the service is killed and restarted', async () => {
    const rx = await startReceiver();
    // Refused at first, with a Retry-After that keeps every retry well after the kill.
    rx.answer = () => ({ status: 503, headers: { 'retry-after': '10' }, body: 'busy' });
    const { env: where, drop } = await storage();
    const env = {
      ...where,
      SVC_MASTER_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    const port = await freePort();
    const first = await spawnTestService(env, port);
    try {
      const key = await apiKeyCredentialsOn(remote(first.url), 'basic-crash@example.com');
      const client = remote(first.url, [key]);
      dataOf(
        await client.send(updateWebhookServiceConfig, {
          useWebhookService: true,
          webhookServiceConfig: { authToken: TOKEN, rawNotificationUrl: rx.url },
        }),
      );
      await webhooksOf(client).addComments(
        'org-1',
        Array.from({ length: THREADS }, (_, i) => `c${i}`),
      );
      // Every message attempted once and its failure recorded: all pending, none in flight.
      const log = async () =>
        dataOf(await client.send(listWebhookServiceDeliveries, { limit: 100 })).messages;
      const allTriedOnce = (messages: Awaited<ReturnType<typeof log>>) =>
        messages.length === TOTAL &&
        messages.every((m) => m.status === 'pending' && m.attempts.length === 1);
      await until(async () => allTriedOnce(await log()), 30_000);
      const pending = await log();
      expect(allTriedOnce(pending)).toBe(true);
      await first.stop('SIGKILL');

      rx.reset(); // Accepts from now on.
      const second = await spawnTestService(env, port);
      try {
        await until(() => rx.received.length >= TOTAL, 40_000);
        // A moment more for any second delivery to show itself.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const bodies = rx.received.map(
          (d) =>
            JSON.parse(d.body) as { webhookId: string; targetComment: { commentText: string } },
        );
        expect(rx.received.every((d) => d.headers.authorization === `Basic ${TOKEN}`)).toBe(true);
        expect(bodies.map((b) => b.webhookId).sort()).toEqual(pending.map((m) => m.id).sort());
        const texts = bodies.map((b) => b.targetComment.commentText).sort();
        const expected = Array.from({ length: THREADS }, (_, i) => `c${i}`);
        expect(texts).toEqual(expected.sort());
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop('SIGKILL');
      await rx.close();
      await drop();
    }
  }, 120_000);
});
