import { once } from 'node:events';

import { seededDataDir, spawnTestService } from '../testing/process-fixtures';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import { addCommentAnnotations } from '#contract/activities';
import { startReceiver } from '../testing/webhook-receiver';

const dataDir = await seededDataDir('svc-webhook-backlog-');

/** /healthz, or the reason it did not answer within `timeoutMs`. */
async function health(url: string, timeoutMs: number): Promise<string> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? 'ok' : `HTTP ${res.status}`;
  } catch (err) {
    return err instanceof Error ? err.name : String(err);
  }
}

// The embedded database runs on the service's event loop: this is where a backlog could starve HTTP.
describe.skipIf(process.env.DATABASE_URL)('a backlog of 6,000 events from one call', () => {
  it('keeps the service answering, survives SIGKILL and a restart, and delivers every event', async () => {
    const rx = await startReceiver();
    const env = { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true' };
    const port = await freePort();
    const first = await spawnTestService(env, port);
    const total = 6000;
    try {
      const key = await apiKeyCredentialsOn(remote(first.url), 'backlog@example.com');
      const svc = remote(first.url, [key]);
      const wh = webhooksOf(svc);
      await wh.enable();
      await wh.createEndpoint({ url: rx.url });
      // 1,000 annotations of 5 comments: 1,000 + 5,000 events, about 230 kB.
      const added = await svc.send(addCommentAnnotations, {
        organizationId: 'org-1',
        documentId: 'doc-1',
        commentAnnotations: Array.from({ length: 1000 }, (_, i) => ({
          commentData: Array.from({ length: 5 }, (__, j) => ({
            commentText: `comment ${i}-${j}`,
            from: { userId: 'u-1' },
          })),
        })),
      });
      expect(added.status).toBe(200);

      // While it delivers, the service keeps answering.
      const answers: string[] = [];
      const started = Date.now();
      while (rx.received.length < 1500 && Date.now() - started < 60_000) {
        answers.push(await health(first.url, 5000));
        if (answers.at(-1) !== 'ok') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.filter((a) => a !== 'ok')).toEqual([]);

      await first.stop('SIGKILL');
      const second = await spawnTestService(env, port);
      try {
        expect(second.startupMs, 'the restart opens the port in seconds').toBeLessThan(20_000);
        const deadline = Date.now() + 120_000;
        while (Date.now() < deadline) {
          const ids = new Set(rx.received.map((d) => d.headers['webhook-id']));
          if (ids.size >= total) break;
          answers.push(await health(second.url, 5000));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(answers.filter((a) => a !== 'ok')).toEqual([]);
        expect(new Set(rx.received.map((d) => d.headers['webhook-id'])).size).toBe(total);
        // Every event arrived, under its own message id, whatever was delivered twice around the kill.
        const events = new Set(
          rx.received.map((d) => {
            const body = JSON.parse(d.body) as {
              event: string;
              data: { commentId?: string; annotationId: string };
            };
            return `${body.event}:${body.data.commentId ?? body.data.annotationId}`;
          }),
        );
        expect(events.size).toBe(total);

        // SIGTERM is heard and the service stops in time.
        const exited = once(second.child, 'exit');
        const asked = Date.now();
        second.child.kill('SIGTERM');
        await exited;
        expect(Date.now() - asked).toBeLessThan(15_000);
      } finally {
        await second.stop('SIGKILL');
      }
    } finally {
      await first.stop('SIGKILL');
      await rx.close();
    }
  }, 240_000);
});
