import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../testing/fixtures';
import { type TestService, startTestService } from '../testing/test-service';
import { webhooksOf } from '../testing/webhook-fixtures';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';

interface Sent {
  text: string;
  name: string | undefined;
}

/** Every statement this process's pg connections send, with the name it was prepared under. */
function watchNames(): { sent: Sent[]; stop(): void } {
  const sent: Sent[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; name?: string };
    if (typeof config === 'string') sent.push({ text: config, name: undefined });
    else sent.push({ text: config.text ?? '', name: config.name });
    return original.apply(this, args);
  };
  return { sent, stop: () => (prototype.query = original) };
}

const kinds = {
  'the events an API call writes': /^\s*with subscriber as/,
  'the claim of a pass': /^\s*with slot as/,
  'the outcomes of a batch':
    /^\s*with v as \(\s*select \* from jsonb_to_recordset\(\$1::jsonb\) as v\(\s*id text, claim text, status text/,
};

// PostgreSQL parses and plans an unnamed statement on every run: for these, run many times a
// second under load, that was about half of its CPU time (a batch's outcomes: 2.4 ms of the
// server's CPU unnamed, 1.2 ms named). The embedded database ignores statement names.
describe.runIf(process.env.DATABASE_URL)(
  'the webhook statements run per event and per batch',
  () => {
    let svc: TestService;
    let rx: Receiver;

    beforeAll(async () => {
      svc = await startTestService({
        webhookWorker: { background: false },
        env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      });
      rx = await startReceiver();
    });
    afterAll(async () => {
      await svc.close();
      await rx.close();
    });

    it('are named, so that each connection parses them once', async () => {
      const fx = await createWorkspaceFixture(svc);
      const wh = webhooksOf(fx);
      await wh.enable();
      await wh.createEndpoint({ url: rx.url });
      const watch = watchNames();
      try {
        await wh.addComments('org-1', ['one', 'two']);
        await svc.app.webhookWorker.runOnce();
      } finally {
        watch.stop();
      }
      await rx.waitFor(4);
      for (const [kind, pattern] of Object.entries(kinds)) {
        const runs = watch.sent.filter((s) => pattern.test(s.text));
        expect(runs.length, kind).toBeGreaterThan(0);
        expect(
          runs.filter((s) => s.name === undefined),
          kind,
        ).toEqual([]);
      }
    });
  },
);
