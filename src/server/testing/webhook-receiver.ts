import { once } from 'node:events';
import { type IncomingHttpHeaders, createServer } from 'node:http';

export interface Delivery {
  /** Path and query the delivery was sent to. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Wall-clock arrival, in milliseconds. */
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (in-flight deliveries, timeouts). */
  delayMs?: number;
}

export interface Receiver {
  url: string;
  received: Delivery[];
  /** How the receiver answers; replaceable at any time. Default: 200 `ok`. */
  answer: (delivery: Delivery) => Answer;
  /** Resolves once at least `count` deliveries arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /** Forgets what arrived and answers 200 `ok` again, so each test starts from the same state. */
  reset(): void;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that records every delivery it gets. */
export async function startReceiver(path = '/hook', port = 0): Promise<Receiver> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const answerOk = (): Answer => ({ status: 200, body: 'ok' });
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: answerOk,
    reset() {
      receiver.received.length = 0;
      receiver.answer = answerOk;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`got ${receiver.received.length} of ${count} deliveries`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery = {
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      };
      receiver.received.push(delivery);
      for (const w of waiters.filter((x) => receiver.received.length >= x.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const answer = receiver.answer(delivery);
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  receiver.url = `http://127.0.0.1:${address.port}${path}`;
  return receiver;
}

/** The comment texts of `comment.add` deliveries, once each: which comments reached the receiver. */
export function commentTextsOf(deliveries: readonly Delivery[]): Set<string> {
  return new Set(
    deliveries.map(
      (d) =>
        (JSON.parse(d.body) as { data: { comment: { commentText: string } } }).data.comment
          .commentText,
    ),
  );
}
