// Scale of the organization-data reads: p50 / p99 of Get Documents, Get Users and Get Folders
// with 10,000 and with 1,000,000 documents in the database, and Get Documents' requests per
// second beside an empty Fastify route. `npx tsx bench/data.ts`; on PostgreSQL with DATABASE_URL
// set (an empty database: the benchmark fills it), else on the embedded database.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { openDatabase } from '#server/db/connection';
import { type Counts, FULL_FOLDER, loadOrganization } from './data/load';
import { latency } from './data/measure';
import { apiKeyOf, benchService, post } from './kit/service';
import { routeServer } from './kit/route-server';
import { type ScaleResults, printScaleTable, printTable, recordAt } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 10);
const RPS_ROUNDS = Number(process.env.RPS_ROUNDS ?? 3);
const ALL_SCALES: { name: string; organizationId: string; counts: Counts }[] = [
  {
    name: '10k',
    organizationId: 'org-10k',
    counts: { documents: 10_000, folders: 2_500, users: 1_000 },
  },
  {
    name: '1M',
    organizationId: 'org-1m',
    counts: { documents: 1_000_000, folders: 50_000, users: 100_000 },
  },
];

// `SCALES=10k` measures the small organization only (a quick run).
const SCALES = ALL_SCALES.filter((s) =>
  (process.env.SCALES ?? '10k,1M').split(',').includes(s.name),
);
const log = (line: string) => console.log(line);
const bench = await benchService('data');

/** The result of a POST, which throws on any error answer. */
const result = async (
  url: string,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
) => (await post(url, path, data, headers)).body.result;

// A workspace and its API key, created through the service.
let svc = await bench.spawn();
const { apiKey, workspaceId, headers } = await apiKeyOf(svc.url, 'bench-data@example.com');

interface Query {
  name: string;
  path: string;
  data: (organizationId: string) => unknown;
}

/** The token of the page `depth` pages into the organization's documents, `pageSize` a page. */
async function deepToken(organizationId: string, pageSize: number, depth: number) {
  let pageToken: string | undefined;
  for (let page = 1; page < depth; page++) {
    const page = await result(
      svc.url,
      '/v2/organizations/documents/get',
      { organizationId, pageSize, ...(pageToken ? { pageToken } : {}) },
      headers,
    );
    pageToken = String(page.pageToken);
  }
  return pageToken;
}

const queries: Query[] = [
  {
    name: 'Get Documents, first page (50)',
    path: '/v2/organizations/documents/get',
    data: (organizationId) => ({ organizationId, pageSize: 50 }),
  },
  {
    name: 'Get Documents, page 1,000 (10 a page)',
    path: '/v2/organizations/documents/get',
    data: async (organizationId) => ({
      organizationId,
      pageSize: 10,
      pageToken: await deepToken(organizationId, 10, 1000),
    }),
  },
  {
    name: 'Get Documents, a folder’s first page (50)',
    path: '/v2/organizations/documents/get',
    data: (organizationId) => ({ organizationId, folderId: FULL_FOLDER, pageSize: 50 }),
  },
  {
    name: 'Get Users, first page (50)',
    path: '/v2/users/get',
    data: (organizationId) => ({ organizationId, pageSize: 50 }),
  },
  {
    name: 'Get Users, by group (50)',
    path: '/v2/users/get',
    data: (organizationId) => ({
      organizationId,
      organizationUserGroupIds: ['g-1'],
      pageSize: 50,
    }),
  },
  {
    name: 'Get Users, grouped by document (50)',
    path: '/v2/users/get',
    data: (organizationId) => ({
      organizationId,
      allDocuments: true,
      groupByDocumentId: true,
      pageSize: 50,
    }),
  },
  {
    name: 'Get Folders v2, maxDepth 3 (1,110 folders)',
    path: '/v2/organizations/folders/get',
    data: (organizationId) => ({ organizationId, folderId: FULL_FOLDER, maxDepth: 3 }),
  },
];

const results: ScaleResults = new Map();
let rps: string[][] | undefined;
try {
  for (const scale of SCALES) {
    await svc.stop();
    log(`loading ${scale.name} …`);
    const started = performance.now();
    const database = await openDatabase(bench.target);
    await loadOrganization(database.db, apiKey, scale.organizationId, scale.counts, log);
    await database.close();
    log(`  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    svc = await bench.spawn();
    // ROUNDS=0 measures the requests per second alone.
    for (const q of ROUNDS > 0 ? queries : []) {
      const measured = await latency(
        svc.url + q.path,
        headers,
        await q.data(scale.organizationId),
        ROUNDS,
      );
      recordAt(results, q.name, scale.name, measured);
    }
  }
  rps = await requestsPerSecond(svc.url, SCALES.at(-1)?.organizationId ?? '');
} finally {
  await svc.stop();
  bench.cleanup();
}

if (ROUNDS > 0) {
  console.log(`\n${bench.label}; ${ROUNDS} requests each, one at a time, after 50 warm-up\n`);
  printScaleTable(results);
}
if (rps) {
  console.log(
    `\n10 connections, ${SECONDS} s each after a 2 s warm-up, on the ${SCALES.at(-1)?.name ?? ''} organization; ${RPS_ROUNDS} rounds, the targets in turn; uptime load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  printTable(['round', 'target', 'requests/s', 'p99 ms', 'of empty route', 'of its floor'], rps);
}

interface RpsTarget {
  name: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The target this one is a share of (its floor). */
  floor?: string;
}

/**
 * Get Documents' first page and Get API Key Config beside an empty Fastify route and their
 * floors (`bench/read-floor-route.ts`: the same statements through the driver and nothing else),
 * in RPS_ROUNDS rounds that take the targets in turn, each round's ratios comparing neighbours
 * in time (this machine's speed drifts from minute to minute).
 */
async function requestsPerSecond(url: string, organizationId: string) {
  const empty = await routeServer('empty-route.ts', '/empty');
  const floor = await routeServer('read-floor-route.ts', '/documents');
  const floorUrl = floor.url.replace(/\/documents$/, '');
  const page = JSON.stringify({ data: { organizationId, pageSize: 50 } });
  const floorHeaders = { 'x-key': apiKey, 'x-workspace': workspaceId };
  const targets: RpsTarget[] = [
    { name: 'empty Fastify route', url: empty.url, body: '{}', headers: {} },
    {
      name: 'Get Documents’ floor: its page statement',
      url: `${floorUrl}/documents`,
      body: page,
      headers: floorHeaders,
    },
    {
      name: 'Get Documents, first page (50)',
      url: `${url}/v2/organizations/documents/get`,
      body: page,
      headers,
      floor: 'Get Documents’ floor: its page statement',
    },
    {
      name: 'Get API Key Config’s floor: its statements',
      url: `${floorUrl}/config`,
      body: '{"data":{}}',
      headers: floorHeaders,
    },
    {
      name: 'Get API Key Config',
      url: `${url}/v2/workspace/apikeyconfig/get`,
      body: '{"data":{}}',
      headers,
      floor: 'Get API Key Config’s floor: its statements',
    },
  ];
  const run = async (target: RpsTarget, seconds: number) => {
    const result = await autocannon({
      url: target.url,
      method: 'POST',
      connections: 10,
      headers: { 'content-type': 'application/json', ...target.headers },
      body: target.body,
      duration: seconds,
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: failures`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };
  // RPS_ONLY=config (a part of a name) measures those targets, with the empty route, alone.
  const only = process.env.RPS_ONLY?.toLowerCase();
  const chosen = targets.filter(
    (t) => !only || t.name === 'empty Fastify route' || t.name.toLowerCase().includes(only),
  );
  const rows: string[][] = [];
  try {
    for (const target of chosen) await run(target, 2);
    for (let round = 1; round <= RPS_ROUNDS; round++) {
      const measured = new Map<string, number>();
      for (const target of chosen) {
        const m = await run(target, SECONDS);
        measured.set(target.name, m.rps);
        const of = (name: string | undefined) =>
          name === undefined ? '' : `${((m.rps / (measured.get(name) ?? 1)) * 100).toFixed(0)} %`;
        rows.push([
          String(round),
          target.name,
          m.rps.toFixed(0),
          String(m.p99),
          of('empty Fastify route'),
          of(target.floor),
        ]);
        console.error(rows.at(-1)?.join(' | '));
      }
    }
  } finally {
    empty.stop();
    floor.stop();
  }
  return rows;
}
