// Load and soak (issue 16). Load: REQUESTS (default 20,000) mixed requests — reads, writes, lists
// and suggestions over a key filled with a little of everything — from CONNECTIONS (default 50)
// concurrent clients, with the errors and the p50 / p99 of each endpoint. Soak: then SOAK_SECONDS
// (default 0; the soak is 600) of the same mix at SOAK_CONNECTIONS (default 10), sampling
// the service's resident memory and open file descriptors every 10 s; the growth is measured from
// the first sample after a minute's warm-up. `npx tsx bench/load.ts`; on PostgreSQL with
// DATABASE_URL set (an empty database), else on the embedded database.
import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiKeyOf, benchService, post, quantile } from './kit/service';
import { printTable } from './table';

const REQUESTS = Number(process.env.REQUESTS ?? 20_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 0);
const SOAK_CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
const ORGANIZATIONS = 5;

const bench = await benchService('load');
const svc = await bench.spawn();
const { headers } = await apiKeyOf(svc.url, 'bench-load@example.com');
const org = (i: number) => `org-${i % ORGANIZATIONS}`;

/** One kind of request of the mix: its endpoint, how often it comes, and its body. */
interface Kind {
  name: string;
  path: string;
  weight: number;
  body: (n: number) => unknown;
}

const SUBJECTS = [
  'refund for a late delivery',
  'laptop return',
  'contract renewal',
  'expense claim',
];
const mix: Kind[] = [
  {
    name: 'Get API Key Config',
    path: '/v2/workspace/apikeyconfig/get',
    weight: 3,
    body: () => ({}),
  },
  { name: 'Get Organizations', path: '/v2/organizations/get', weight: 2, body: () => ({}) },
  {
    name: 'Get Users',
    path: '/v2/users/get',
    weight: 2,
    body: (n) => ({ organizationId: org(n) }),
  },
  {
    name: 'Get Documents',
    path: '/v2/organizations/documents/get',
    weight: 2,
    body: (n) => ({ organizationId: org(n) }),
  },
  {
    name: 'List Agent Executions',
    path: '/v2/agents/execution/list',
    weight: 2,
    body: (n) => ({ organizationId: org(n), pageSize: 50 }),
  },
  {
    name: 'Get Notifications',
    path: '/v2/notifications/get',
    weight: 1,
    body: (n) => ({ organizationId: org(n) }),
  },
  {
    name: 'Get Judgments',
    path: '/v2/memory/judgments/get',
    weight: 1,
    body: (n) => ({ organizationId: org(n) }),
  },
  {
    name: 'Suggest Decision',
    path: '/v2/memory/suggest',
    weight: 2,
    body: (n) => ({ query: SUBJECTS[n % SUBJECTS.length], organizationId: org(n) }),
  },
  {
    name: 'Update API Key Config',
    path: '/v2/workspace/apikeyconfig/update',
    weight: 1,
    body: (n) => ({ enablePrivateComments: n % 2 === 0 }),
  },
  {
    name: 'Add Users',
    path: '/v2/users/add',
    weight: 1,
    body: (n) => ({
      organizationId: org(n),
      users: [{ userId: `u-load-${n}`, name: `Load ${n}`, email: `load-${n}@example.com` }],
    }),
  },
  {
    name: 'Add Comments',
    path: '/v2/commentannotations/add',
    weight: 1,
    body: (n) => ({
      organizationId: org(n),
      documentId: `doc-${n % 20}`,
      commentAnnotations: [
        { commentData: [{ commentText: `Load comment ${n}`, from: { userId: `u-${n % 50}` } }] },
      ],
    }),
  },
  {
    name: 'Add Judgments',
    path: '/v2/memory/judgments/add',
    weight: 1,
    body: (n) => ({
      judgments: [
        {
          organizationId: org(n),
          text: `${SUBJECTS[n % SUBJECTS.length]} number ${n}`,
          decision: n % 3 === 0 ? 'reject' : 'approve',
          reason: n % 3 === 0 ? 'Outside the policy' : 'Within policy',
          reviewerId: `u-${n % 50}`,
        },
      ],
    }),
  },
];
const schedule = mix.flatMap((kind) => Array.from({ length: kind.weight }, () => kind));

/** Times of each kind, and what went wrong. */
const times = new Map<string, number[]>();
const errors = new Map<string, number>();
let sequence = 0;

async function one(): Promise<void> {
  const n = sequence++;
  const kind = schedule[n % schedule.length];
  if (!kind) return;
  const started = performance.now();
  try {
    const res = await fetch(svc.url + kind.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ data: kind.body(n) }),
    });
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`HTTP ${res.status}`);
    const list = times.get(kind.name) ?? [];
    list.push(performance.now() - started);
    times.set(kind.name, list);
  } catch (err) {
    errors.set(kind.name, (errors.get(kind.name) ?? 0) + 1);
    if ((errors.get(kind.name) ?? 0) <= 3) console.error(`${kind.name}: ${String(err)}`);
  }
}

/** `connections` clients, each sending its next request when the last is answered. */
async function drive(connections: number, more: () => boolean): Promise<void> {
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (more()) await one();
    }),
  );
}

const memoryOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D/g, '') ?? 0) / 1024;
};
const handlesOf = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

try {
  console.log('filling the key …');
  await post(
    svc.url,
    '/v2/organizations/add',
    {
      organizations: Array.from({ length: ORGANIZATIONS }, (_, i) => ({
        organizationId: org(i),
        organizationName: `Organization ${i}`,
      })),
    },
    headers,
  );
  for (let i = 0; i < ORGANIZATIONS; i += 1) {
    await post(
      svc.url,
      '/v2/organizations/documents/add',
      {
        organizationId: org(i),
        documents: Array.from({ length: 20 }, (_, d) => ({
          documentId: `doc-${d}`,
          documentName: `Document ${d}`,
        })),
      },
      headers,
    );
  }
  // Warm-up: JIT, pools, caches.
  await drive(10, () => sequence < 500);
  times.clear();
  errors.clear();
  sequence = 0;

  const started = performance.now();
  await drive(CONNECTIONS, () => sequence < REQUESTS);
  const seconds = (performance.now() - started) / 1000;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n${bench.label}; ${REQUESTS.toLocaleString('en')} mixed requests at ${CONNECTIONS} connections in ${seconds.toFixed(1)} s (${Math.round(REQUESTS / seconds)} requests/s), ${errorCount} errors\n`,
  );
  printTable(
    ['endpoint', 'requests', 'errors', 'p50 ms', 'p99 ms'],
    mix.map((kind) => {
      const list = [...(times.get(kind.name) ?? [])].sort((a, b) => a - b);
      return [
        kind.name,
        String(list.length + (errors.get(kind.name) ?? 0)),
        String(errors.get(kind.name) ?? 0),
        quantile(list, 0.5).toFixed(2),
        quantile(list, 0.99).toFixed(2),
      ];
    }),
  );

  if (SOAK_SECONDS > 0) {
    const pid = svc.child.pid ?? 0;
    const samples: { at: number; rssMb: number; handles: number; requests: number }[] = [];
    const soakStarted = performance.now();
    const end = soakStarted + SOAK_SECONDS * 1000;
    times.clear();
    errors.clear();
    const sampler = (async () => {
      while (performance.now() < end) {
        await sleep(10_000);
        samples.push({
          at: Math.round((performance.now() - soakStarted) / 1000),
          rssMb: memoryOf(pid),
          handles: handlesOf(pid),
          requests: sequence,
        });
      }
    })();
    await drive(SOAK_CONNECTIONS, () => performance.now() < end);
    await sampler;
    const warm = samples.find((s) => s.at >= 60) ?? samples[0];
    const last = samples.at(-1);
    if (warm && last) {
      const soakErrors = [...errors.values()].reduce((a, b) => a + b, 0);
      console.log(
        `\nsoak: ${SOAK_SECONDS} s at ${SOAK_CONNECTIONS} connections, ${(last.requests - warm.requests).toLocaleString('en')} requests after the warm-up, ${soakErrors} errors\n`,
      );
      printTable(
        ['measure', `at ${warm.at} s`, `at ${last.at} s`, 'growth'],
        [
          [
            'resident memory MB',
            warm.rssMb.toFixed(1),
            last.rssMb.toFixed(1),
            `${(((last.rssMb - warm.rssMb) / warm.rssMb) * 100).toFixed(1)} %`,
          ],
          [
            'open file descriptors',
            String(warm.handles),
            String(last.handles),
            String(last.handles - warm.handles),
          ],
        ],
      );
    }
  }
} finally {
  await svc.stop();
  bench.cleanup();
}
