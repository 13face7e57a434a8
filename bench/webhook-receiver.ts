// The receiver of bench/webhooks.ts, in a process of its own so that emitting events does not
// skew what it measures. Forked with IPC: it sends `{ port }` once listening, takes
// `{ secrets: { org: secret } }` to verify signatures with, and answers 'report' with what
// arrived (per delivery: organization, webhook id, arrival and event creation times) and
// 'counts' with the number of arrivals per organization.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface Arrival {
  org: string;
  id: string;
  at: number;
  createdAt: number;
}

interface Payload {
  webhookId: string;
  data: { comment?: { createdAt: string }; commentAnnotation?: { createdAt: string } };
}

const arrivals: Arrival[] = [];
const verifiers = new Map<string, Webhook>();
let badSignatures = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString();
    const org = (req.url ?? '').slice(1);
    try {
      const verifier = verifiers.get(org);
      if (!verifier) throw new Error(`no secret for ${org}`);
      verifier.verify(body, req.headers as Record<string, string>);
    } catch {
      badSignatures += 1;
    }
    const payload = JSON.parse(body) as Payload;
    const created = payload.data.comment?.createdAt ?? payload.data.commentAnnotation?.createdAt;
    arrivals.push({ org, id: payload.webhookId, at, createdAt: Date.parse(created ?? '') });
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});

process.on('message', (message: unknown) => {
  if (message === 'report') process.send?.({ arrivals, badSignatures });
  else if (message === 'counts') {
    const counts: Record<string, number> = {};
    for (const a of arrivals) counts[a.org] = (counts[a.org] ?? 0) + 1;
    process.send?.(counts);
  } else if (message === 'stop') server.close(() => process.exit(0));
  else if (typeof message === 'object' && message !== null && 'secrets' in message) {
    for (const [org, secret] of Object.entries(
      (message as { secrets: Record<string, string> }).secrets,
    )) {
      verifiers.set(org, new Webhook(secret));
    }
    process.send?.('ok');
  }
});
