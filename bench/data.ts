// Scale of the organization-data reads: p50 / p99 of Get Documents, Get Users and Get Folders
// with 10,000 and with 1,000,000 documents in the database; then Get Documents' first page and
// Get API Key Config at 10 connections beside an empty Fastify route and their floors
// (bench/read-floor-route.ts: the same statements through the driver, nothing else), in
// alternating rounds, with the answering process's CPU time per request. `npx tsx bench/data.ts`;
// on PostgreSQL with DATABASE_URL set (an empty database: the benchmark fills it), else on the
// embedded database. SCALES=10k (the small organization only), ROUNDS (latency requests; 0 skips
// them), SECONDS, RPS_ROUNDS and CONNECTIONS (the rates), RPS_ONLY=<part of a name>, COMPARE=<name>:<dir>,…
// (the same reads of another checkout's service, on the same database, in the same rounds).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServiceProcess, freePort, spawnService } from '#server/testing/service-process';
import autocannon from 'autocannon';
import { openDatabase } from '#server/db/connection';
import { type Counts, FULL_FOLDER, loadOrganization } from './data/load';
import { latency } from './data/measure';
import { apiKeyOf, benchService, post } from './kit/service';
import { routeServer } from './kit/route-server';
import { builtService } from './kit/built';
import { measuredInRoundOrder } from './kit/rounds';
import { backendsCpu, cpuMsOf } from './kit/cpu';
import { type ScaleResults, printScaleTable, printTable, recordAt } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 10);
const RPS_ROUNDS = Number(process.env.RPS_ROUNDS ?? 3);
// The rates' connections: 10, or 1 to see what a round trip costs a request.
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
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
  rps = await requestsPerSecond(svc, SCALES.at(-1)?.organizationId ?? '');
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
    `\n${CONNECTIONS} connections, ${SECONDS} s each after a 2 s warm-up, on the ${SCALES.at(-1)?.name ?? ''} organization; ${RPS_ROUNDS} rounds, the targets in turn (in reverse order every other round); uptime load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  printTable(
    [
      'round',
      'target',
      'requests/s',
      'p99 ms',
      'of empty route',
      'of its floor',
      'of its named floor',
      'its process CPU µs/request',
      'database CPU µs/request',
      'load generator CPU µs/request',
      'all three µs/request',
    ],
    rps,
  );
}

interface RpsTarget {
  name: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The target this one is a share of (its floor). */
  floor?: string;
  /** The floor that sends its statement by name, as the service does. */
  namedFloor?: string;
  /** The process that answers it, whose CPU time is measured. */
  pid: number;
}

/**
 * Get Documents' first page and Get API Key Config beside an empty Fastify route and their
 * floors (`bench/read-floor-route.ts`: the same statements through the driver and nothing else),
 * in RPS_ROUNDS rounds that take the targets in turn (in reverse order every other round,
 * `kit/rounds.ts`), each round's ratios comparing neighbours in time (this machine's speed drifts
 * from minute to minute).
 */
async function requestsPerSecond(service: ServiceProcess, organizationId: string) {
  const url = service.url;
  const compared: ServiceProcess[] = [];
  const empty = await routeServer('empty-route.ts', '/empty');
  const floor = await routeServer('read-floor-route.ts', '/documents');
  const floorUrl = floor.url.replace(/\/documents$/, '');
  const page = JSON.stringify({ data: { organizationId, pageSize: 50 } });
  const floorHeaders = { 'x-key': apiKey, 'x-workspace': workspaceId };
  const targets: RpsTarget[] = [
    { name: 'empty Fastify route', url: empty.url, body: '{}', headers: {}, pid: empty.pid },
    {
      name: 'Get Documents’ floor: its page statement',
      url: `${floorUrl}/documents`,
      body: page,
      headers: floorHeaders,
      pid: floor.pid,
    },
    {
      name: 'Get Documents’ floor: its page statement, named',
      url: `${floorUrl}/documents-named`,
      body: page,
      headers: floorHeaders,
      pid: floor.pid,
    },
    {
      name: 'Get Documents, first page (50)',
      url: `${url}/v2/organizations/documents/get`,
      body: page,
      headers,
      floor: 'Get Documents’ floor: its page statement',
      namedFloor: 'Get Documents’ floor: its page statement, named',
      pid: service.child.pid ?? 0,
    },
    {
      name: 'Get API Key Config’s floor: its statements',
      url: `${floorUrl}/config`,
      body: '{"data":{}}',
      headers: floorHeaders,
      pid: floor.pid,
    },
    {
      name: 'Get API Key Config',
      url: `${url}/v2/workspace/apikeyconfig/get`,
      body: '{"data":{}}',
      headers,
      floor: 'Get API Key Config’s floor: its statements',
      pid: service.child.pid ?? 0,
    },
  ];
  const run = async (target: RpsTarget, seconds: number) => {
    const before = cpuMsOf(target.pid);
    const databaseBefore = await databaseCpu.ms();
    const generatorBefore = process.cpuUsage();
    const result = await autocannon({
      url: target.url,
      method: 'POST',
      connections: CONNECTIONS,
      headers: { 'content-type': 'application/json', ...target.headers },
      body: target.body,
      duration: seconds,
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: failures`);
    const perRequest = (ms: number) => (ms * 1000) / result.requests.total;
    const cpu = perRequest(cpuMsOf(target.pid) - before);
    const database = perRequest(databaseBefore.since(await databaseCpu.ms()));
    const used = process.cpuUsage(generatorBefore);
    const generator = perRequest((used.user + used.system) / 1000);
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      cpu: [cpu, database, generator, cpu + database + generator].map((n) => n.toFixed(0)),
    };
  };
  // COMPARE=name:dir,… also measures the reads of the service in another checkout (another
  // version, on the same database), beside this one's, in the same rounds.
  for (const [name, dir] of (process.env.COMPARE ?? '')
    .split(',')
    .filter(Boolean)
    .map((c) => c.split(':'))) {
    const other = await spawnService(
      {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-bench-compare-')),
        SVC_MASTER_KEY: '7'.repeat(64),
      },
      await freePort(),
      undefined,
      builtService(dir ?? '', `compare-${name ?? ''}`),
    );
    compared.push(other);
    for (const read of ['Get Documents, first page (50)', 'Get API Key Config']) {
      const ours = targets.find((t) => t.name === read);
      if (!ours) continue;
      targets.splice(targets.indexOf(ours) + 1, 0, {
        ...ours,
        name: `${read} (${name ?? ''})`,
        url: ours.url.replace(url, other.url),
        pid: other.child.pid ?? 0,
      });
    }
  }
  // RPS_ONLY=config (a part of a name) measures those targets, with the empty route, alone.
  const only = process.env.RPS_ONLY?.toLowerCase();
  const chosen = targets.filter(
    (t) => !only || t.name === 'empty Fastify route' || t.name.toLowerCase().includes(only),
  );
  const rows: string[][] = [];
  const databaseCpu = backendsCpu(bench.target);
  try {
    for (const target of chosen) await run(target, 2);
    for (let round = 1; round <= RPS_ROUNDS; round++) {
      const measured = await measuredInRoundOrder(chosen, round, (t) => run(t, SECONDS));
      const rpsOf = new Map([...measured].map(([t, m]) => [t.name, m.rps]));
      // In the table's order, whatever order they were measured in.
      for (const target of chosen) {
        const m = measured.get(target);
        if (!m) continue;
        // Blank when that target was not measured (RPS_ONLY).
        const of = (name: string | undefined) => {
          const base = name === undefined ? undefined : rpsOf.get(name);
          return base === undefined ? '' : `${((m.rps / base) * 100).toFixed(0)} %`;
        };
        rows.push([
          String(round),
          target.name,
          m.rps.toFixed(0),
          String(m.p99),
          of('empty Fastify route'),
          of(target.floor),
          of(target.namedFloor),
          ...m.cpu,
        ]);
        console.error(rows.at(-1)?.join(' | '));
      }
    }
  } finally {
    await databaseCpu.close();
    empty.stop();
    floor.stop();
    for (const other of compared) await other.stop();
  }
  return rows;
}
