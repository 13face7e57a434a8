// Scale of the organization-data reads: p50 / p99 of Get Documents, Get Users and Get Folders
// with 10,000 and with 1,000,000 documents in the database, and Get Documents' requests per
// second beside an empty Fastify route. `npx tsx bench/data.ts`; on PostgreSQL with DATABASE_URL
// set (an empty database: the benchmark fills it), else on the embedded database.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { openDatabase } from '#server/db/connection';
import { freePort } from '#server/testing/service-process';
import { type Counts, FULL_FOLDER, loadOrganization } from './data/load';
import { latency } from './data/measure';
import { apiKeyOf, benchService, post } from './kit/service';
import { type ScaleResults, printScaleTable, printTable, recordAt } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 10);
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
const { apiKey, headers } = await apiKeyOf(svc.url, 'bench-data@example.com');

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
let rps: { empty: number; documents: number; p99: number } | undefined;
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
    for (const q of queries) {
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

console.log(`\n${bench.label}; ${ROUNDS} requests each, one at a time, after 50 warm-up\n`);
printScaleTable(results);
if (rps) {
  console.log(
    `\n10 connections, ${SECONDS} s each, after a 2 s warm-up, on the ${SCALES.at(-1)?.name ?? ''} organization\n`,
  );
  printTable(
    ['target', 'requests/s', 'of empty route'],
    [
      ['empty Fastify route', rps.empty.toFixed(0), '100 %'],
      [
        'Get Documents, first page (50)',
        rps.documents.toFixed(0),
        `${((rps.documents / rps.empty) * 100).toFixed(0)} %`,
      ],
    ],
  );
}

async function requestsPerSecond(url: string, organizationId: string) {
  const emptyPort = await freePort();
  const empty = spawn(process.execPath, ['--import', 'tsx', 'bench/empty-route.ts'], {
    env: { ...process.env, PORT: String(emptyPort) },
    stdio: 'inherit',
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  try {
    const run = async (target: string, body: string, extra: Record<string, string>) => {
      const options = {
        url: target,
        method: 'POST' as const,
        connections: 10,
        headers: { 'content-type': 'application/json', ...extra },
        body,
      };
      await autocannon({ ...options, duration: 2 });
      const result = await autocannon({ ...options, duration: SECONDS });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target}: failures`);
      return result;
    };
    const emptyResult = await run(`http://127.0.0.1:${emptyPort}/empty`, '{}', {});
    const documents = await run(
      `${url}/v2/organizations/documents/get`,
      JSON.stringify({ data: { organizationId, pageSize: 50 } }),
      headers,
    );
    return {
      empty: emptyResult.requests.average,
      documents: documents.requests.average,
      p99: documents.latency.p99,
    };
  } finally {
    empty.kill();
    await once(empty, 'exit');
  }
}
