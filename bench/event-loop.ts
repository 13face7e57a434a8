// Whether heavy work on the embedded database holds up other requests (issue 33, target 2).
// While one client sends 1,000-user Add Users calls, then heavy Suggest Decision calls (a query
// of 2,000 characters over 1,000 judgments), two probes ask every 10 ms: /healthz, and Get
// Workspace (an authenticated read the service answers from its caches). Each round runs the
// service with the embedded database on its own thread (`worker`, the default) and on the
// service's thread (`main`, EMBEDDED_DATABASE_THREAD=main), alternating which goes first.
// `npx tsx bench/event-loop.ts`; ROUNDS (default 3), CALLS (heavy calls per phase, default 20).
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_QUERY_LENGTH } from '#contract/memory';
import { apiKeyOf, benchService, post, quantile } from './kit/service';
import { printTable } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CALLS = Number(process.env.CALLS ?? 20);
const PROBE_EVERY_MS = 10;
const threads = ['worker', 'main'] as const;

interface Probe {
  name: string;
  send: (url: string, workspaceHeaders: Record<string, string>) => Promise<unknown>;
}

const probes: Probe[] = [
  { name: '/healthz', send: (url) => fetch(`${url}/healthz`).then((r) => r.text()) },
  {
    name: 'Get Workspace',
    send: (url, workspaceHeaders) => post(url, '/v2/workspace/get', {}, workspaceHeaders),
  },
];

/** Each probe's latencies (ms), one request every PROBE_EVERY_MS until `done` settles. */
async function probeWhile(
  url: string,
  workspaceHeaders: Record<string, string>,
  done: Promise<unknown>,
): Promise<number[][]> {
  let finished = false;
  void done.finally(() => (finished = true));
  return Promise.all(
    probes.map(async (probe) => {
      const times: number[] = [];
      while (!finished) {
        const started = performance.now();
        await probe.send(url, workspaceHeaders);
        const ms = performance.now() - started;
        times.push(ms);
        if (ms < PROBE_EVERY_MS) await sleep(PROBE_EVERY_MS - ms);
      }
      return times;
    }),
  );
}

function longQuery(): string {
  const words = 'refund late delivery receipt laptop return contract renewal expense claim'.split(
    ' ',
  );
  let text = '';
  for (let i = 0; text.length < MAX_QUERY_LENGTH - 20; i++) text += `${words[i % words.length]} `;
  return text.trim();
}

/** Latencies of each phase's heavy calls and of each probe meanwhile, per thread. */
const samples = new Map<string, number[]>();
const add = (key: string, times: number[]) =>
  samples.set(key, [...(samples.get(key) ?? []), ...times]);

const bench = await benchService('event-loop');
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? threads : [...threads].reverse();
    for (const thread of order) {
      const svc = await bench.spawn({ EMBEDDED_DATABASE_THREAD: thread, RATE_LIMITS: 'off' });
      try {
        const { headers, workspaceHeaders } = await apiKeyOf(
          svc.url,
          `bench-loop-${round}-${thread}@example.com`,
        );
        const judgments = Array.from({ length: 1000 }, (_, i) => ({
          judgmentId: `j-${i}`,
          organizationId: `org-${i % 5}`,
          text: `Refund for a late delivery without a receipt (client${i % 500}) item ${i}`,
          decision: i % 3 === 0 ? 'reject' : 'approve',
          reviewerId: `reviewer-${i % 30}`,
          decidedAt: Date.now() - i * 3_600_000,
        }));
        await post(svc.url, '/v2/memory/judgments/add', { judgments }, headers);
        const organizations = Array.from({ length: CALLS + 1 }, (_, n) => ({
          organizationId: `org-${n}`,
          organizationName: `Organization ${n}`,
        }));
        await post(svc.url, '/v2/organizations/add', { organizations }, headers);
        const query = longQuery();
        const phases = {
          'Add Users (1,000)': (n: number) =>
            post(
              svc.url,
              '/v2/users/add',
              {
                organizationId: `org-${n}`,
                users: Array.from({ length: 1000 }, (_, i) => ({
                  userId: `u-${n}-${i}`,
                  name: `User ${i}`,
                  email: `u-${n}-${i}@example.com`,
                })),
              },
              headers,
            ),
          'Suggest Decision (long query)': () =>
            post(svc.url, '/v2/memory/suggest', { query }, headers),
        };
        for (const probe of probes)
          for (let i = 0; i < 20; i++) await probe.send(svc.url, workspaceHeaders);
        for (const [phase, call] of Object.entries(phases)) {
          await call(CALLS);
          const heavy: number[] = [];
          const work = (async () => {
            for (let n = 0; n < CALLS; n++) {
              const started = performance.now();
              await call(n);
              heavy.push(performance.now() - started);
            }
          })();
          const probed = await probeWhile(svc.url, workspaceHeaders, work);
          await work;
          add(`${phase}|${thread}|call`, heavy);
          probes.forEach((probe, i) => add(`${phase}|${thread}|${probe.name}`, probed[i] ?? []));
        }
      } finally {
        await svc.stop();
      }
    }
  }
} finally {
  bench.cleanup();
}

const rows: string[][] = [];
for (const phase of ['Add Users (1,000)', 'Suggest Decision (long query)']) {
  for (const thread of threads) {
    for (const what of ['call', ...probes.map((p) => p.name)]) {
      const times = (samples.get(`${phase}|${thread}|${what}`) ?? []).sort((a, b) => a - b);
      rows.push([
        phase,
        thread,
        what === 'call' ? 'the heavy call' : what,
        String(times.length),
        quantile(times, 0.5).toFixed(1),
        quantile(times, 0.99).toFixed(1),
        (times.at(-1) ?? 0).toFixed(1),
      ]);
    }
  }
}
console.log(
  `\n${bench.label}; ${ROUNDS} rounds alternating the database's thread; ${CALLS} heavy calls a phase, one at a time; probes every ${PROBE_EVERY_MS} ms\n`,
);
printTable(['phase', 'database thread', 'request', 'n', 'p50 ms', 'p99 ms', 'max ms'], rows);
