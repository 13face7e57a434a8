// User data at scale: one user with 10,000 comments, reactions and notifications among 1,000,000
// rows of other users. p50 / p99 of each Get All User Data page (the whole export walked page
// by page), the erase preview, and the time of the whole erase job. `npx tsx bench/content.ts`;
// on PostgreSQL with DATABASE_URL set (an empty database: the benchmark fills it), else on the
// embedded database. PER_FEATURE and OTHER_ROWS change the sizes; ERASE=0 leaves the data in place
// (no preview, no erase), to look at it afterwards; SERVICE_NODE_ARGS adds Node arguments to the
// measured service (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/connection';
import { freePort, spawnService } from '../src/server/testing/service-process';
import { TARGET, loadContent } from './content/load';
import { printTable } from './table';

const PER_FEATURE = Number(process.env.PER_FEATURE ?? 10_000);
const OTHER_ROWS = Number(process.env.OTHER_ROWS ?? 1_000_000);
const WALKS = Number(process.env.WALKS ?? 3);
const ORGANIZATION = 'org-bench';

const databaseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-content-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  SVC_MASTER_KEY: '7'.repeat(64),
  RATE_LIMITS: 'off',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const port = await freePort();
const log = (line: string) => console.log(line);
const target = databaseUrl
  ? ({ kind: 'postgres', url: databaseUrl } as const)
  : ({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') } as const);

/** The size of the last answer, in characters. */
let bytes = 0;

interface Reply {
  status: number;
  body: Record<string, unknown> & { result?: Record<string, unknown> & { data: unknown } };
}

async function post(url: string, path: string, data: unknown, headers: Record<string, string>) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const text = await res.text();
  bytes = text.length;
  const reply: Reply = { status: res.status, body: JSON.parse(text) as Reply['body'] };
  if (res.status >= 300) throw new Error(`${path}: ${JSON.stringify(reply.body)}`);
  return reply;
}

let svc = await spawnService(env, port);
const ws = (
  await post(svc.url, '/v2/workspace/create', { ownerEmail: 'bench-content@example.com' }, {})
).body.result?.data as { id: string; authToken: string; apiKeyList: Record<string, unknown> };
const apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
const tokens = (
  await post(
    svc.url,
    '/v2/workspace/authtokens/get',
    { apiKey },
    { 'x-svc-workspace-id': ws.id, 'x-svc-workspace-auth-token': ws.authToken },
  )
).body.result?.data as { authTokens: { token: string }[] };
const headers = { 'x-svc-api-key': apiKey, 'x-svc-auth-token': tokens.authTokens[0]?.token ?? '' };

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (v: number) => v.toFixed(2);

/** Walks the whole export once; answers each page's time and the items it counted. */
async function walkExport(): Promise<{ pages: number[]; items: number }> {
  const pages: number[] = [];
  let items = 0;
  let pageToken: string | undefined;
  do {
    const started = performance.now();
    const { body } = await post(
      svc.url,
      '/v1/users/data/get',
      { organizationId: ORGANIZATION, userId: TARGET.userId, ...(pageToken ? { pageToken } : {}) },
      headers,
    );
    pages.push(performance.now() - started);
    pageBytes.push(bytes);
    const data = body.result?.data as Record<string, unknown[]>;
    items += Object.values(data).reduce((sum, list) => sum + list.length, 0);
    const next = body.result?.nextPageToken;
    pageToken = typeof next === 'string' ? next : undefined;
  } while (pageToken);
  return { pages, items };
}

/** Ends the measurements early, keeping what was measured. */
class Stop extends Error {}

const rows: string[][] = [];
const pageBytes: number[] = [];
let exported = 0;
try {
  await svc.stop();
  log(
    `loading ${PER_FEATURE.toLocaleString('en')} per feature beside ${OTHER_ROWS.toLocaleString('en')} rows …`,
  );
  const loadStarted = performance.now();
  const database = await openDatabase(target);
  await loadContent(
    database.db,
    apiKey,
    ORGANIZATION,
    { perFeature: PER_FEATURE, otherRows: OTHER_ROWS, others: 10_000 },
    log,
  );
  await database.close();
  log(`  loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
  const nodeArgs = process.env.SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  svc = await spawnService(env, port, undefined, [
    ...nodeArgs,
    '--import',
    'tsx',
    'src/server/main.ts',
  ]);

  await walkExport(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < WALKS; i++) {
    const walk = await walkExport();
    times.push(...walk.pages);
    exported = walk.items;
  }
  const first = times[0] ?? 0;
  times.sort((a, b) => a - b);
  rows.push([
    `Get All User Data, every page (${times.length / WALKS} pages × ${WALKS} walks)`,
    ms(quantile(times, 0.5)),
    ms(quantile(times, 0.99)),
  ]);
  rows.push(['Get All User Data, first page', ms(first), '–']);
  const empty: number[] = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await post(
      svc.url,
      '/v1/users/data/get',
      { organizationId: ORGANIZATION, userId: 'u-nobody' },
      headers,
    );
    empty.push(performance.now() - started);
  }
  empty.sort((a, b) => a - b);
  rows.push([
    'Get All User Data, a user without data (100 calls)',
    ms(quantile(empty, 0.5)),
    ms(quantile(empty, 0.99)),
  ]);

  if (process.env.ERASE === '0') throw new Stop();
  const erase = { userIds: [TARGET.userId], organizationIds: [ORGANIZATION] };
  const previewStarted = performance.now();
  const preview = await post(svc.url, '/v1/users/data/delete', { ...erase, dryRun: true }, headers);
  rows.push(['Erase preview (dryRun), whole request', ms(performance.now() - previewStarted), '–']);
  const totals = (preview.body.result?.data as { totals: Record<string, number> }).totals;
  log(`preview totals: ${JSON.stringify(totals)}`);

  const eraseStarted = performance.now();
  const started = await post(svc.url, '/v1/users/data/delete', erase, headers);
  const jobId = (started.body.data as { jobId: string }).jobId;
  for (;;) {
    const { body } = await post(svc.url, '/v1/users/data/delete/status', { jobId }, headers);
    const status = (body.result?.data as { status: string }).status;
    if (status === 'completed') break;
    if (status === 'failed') throw new Error('the erase job failed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  rows.push(['Erase job, request to completed', ms(performance.now() - eraseStarted), '–']);
} catch (err) {
  if (!(err instanceof Stop)) throw err;
} finally {
  await svc.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${PER_FEATURE.toLocaleString('en')} comments, reactions and notifications of one user among ${OTHER_ROWS.toLocaleString('en')} rows of others; ${exported.toLocaleString('en')} items exported per walk\n`,
);
const kb = pageBytes.reduce((sum, b) => sum + b, 0) / Math.max(1, pageBytes.length) / 1024;
console.log(`an export page is ${kb.toFixed(0)} kB on average\n`);
printTable(['measure', 'p50 ms', 'p99 ms'], rows);
