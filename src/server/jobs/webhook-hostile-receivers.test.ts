import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_EXCERPT_BYTES } from '#contract/webhook-deliveries';
import { type TestService, startTestService } from '../testing/test-service';
import { endpointFixture } from '../testing/webhook-fixtures';

let now = Date.now();
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    webhookWorker: { background: false },
  });
});
afterAll(() => svc.close());

const runOnce = () => svc.app.webhookWorker.runOnce();

/** A receiver on loopback that answers every delivery with `respond`. */
async function receiver(
  respond: Parameters<typeof createServer>[1],
): Promise<{ url: string; server: Server }> {
  const server = createServer(respond);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/hook`, server };
}

async function close(server: Server) {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
}

describe('a receiver that answers with a NUL byte', () => {
  it('gets its message delivered once and the attempt recorded without the NUL', async () => {
    let deliveries = 0;
    const rx = await receiver((req, res) => {
      req.resume();
      req.on('end', () => {
        deliveries += 1;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok\u0000done');
      });
    });
    try {
      const { wh, ep } = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
      await wh.addComments('org-1', ['a']);
      expect(await runOnce()).toBe(1);
      const { messages } = await wh.messages(ep.id);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ status: 'delivered', failureReason: null });
      expect(messages[0]?.attempts).toEqual([
        expect.objectContaining({ responseStatus: 200, responseBody: 'okdone', error: null }),
      ]);
      // Two minutes on, nothing is due again: the message is not looping.
      now += 120_000;
      expect(await runOnce()).toBe(0);
      expect(deliveries).toBe(1);
    } finally {
      await close(rx.server);
    }
  });
});

describe('a receiver that answers with a huge body', () => {
  it('is read only as far as the excerpt, then cut off', async () => {
    const total = 10 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let closedAt: number | undefined;
    const rx = await receiver((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(total) });
        res.on('close', () => {
          closedAt = written;
        });
        // A slow 10 MB answer, as over a real network: 64 kB every 5 ms.
        const pump = () => {
          if (res.destroyed) return;
          if (written >= total) {
            res.end();
            return;
          }
          written += chunk.length;
          res.write(chunk);
          setTimeout(pump, 5);
        };
        pump();
      });
    });
    try {
      const { wh, ep } = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
      await wh.addComments('org-1', ['big']);
      expect(await runOnce()).toBe(1);
      const { messages } = await wh.messages(ep.id);
      expect(messages[0]?.status).toBe('delivered');
      expect(messages[0]?.attempts[0]?.responseBody).toBe('x'.repeat(RESPONSE_EXCERPT_BYTES));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closedAt, 'the connection was closed by the client').toBeDefined();
      expect(closedAt ?? total).toBeLessThan(total / 4);
    } finally {
      await close(rx.server);
    }
  });
});
