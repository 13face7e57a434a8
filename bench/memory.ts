// Scale of Suggest Decision: p50 / p99 through HTTP over 100,000 judgments in 50 organizations,
// for broad queries (the whole key, an organization) and narrow ones (a document, a rare word, a
// misspelling that takes the trigram fallback). `npx tsx bench/memory.ts`; on PostgreSQL with
// DATABASE_URL set (an empty database: the benchmark fills it), else on the embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/connection';
import { freePort, spawnService } from '../src/server/testing/service-process';
import { latency } from './data/measure';
import { printTable } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const JUDGMENTS = Number(process.env.JUDGMENTS ?? 100_000);
const ORGANIZATIONS = 50;
/** Documents per organization: ~20 judgments each. */
const DOCUMENTS = 100;
const databaseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-memory-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  SVC_MASTER_KEY: '7'.repeat(64),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const port = await freePort();
const target = databaseUrl
  ? ({ kind: 'postgres', url: databaseUrl } as const)
  : ({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') } as const);

async function post(url: string, path: string, data: unknown, headers = {}) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result: { data: unknown } };
  if (!res.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.result.data;
}

let svc = await spawnService(env, port);
const ws = (await post(svc.url, '/v2/workspace/create', {
  ownerEmail: 'bench-memory@example.com',
})) as { id: string; authToken: string; apiKeyList: Record<string, unknown> };
const apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
const tokens = (await post(
  svc.url,
  '/v2/workspace/authtokens/get',
  { apiKey },
  { 'x-svc-workspace-id': ws.id, 'x-svc-workspace-auth-token': ws.authToken },
)) as { authTokens: { token: string }[] };
const headers = { 'x-svc-api-key': apiKey, 'x-svc-auth-token': tokens.authTokens[0]?.token ?? '' };

const SUBJECTS = [
  'Refund for a late delivery',
  'Expense claim for a client dinner',
  'Laptop return after the trial period',
  'Travel booking in business class',
  'Contract renewal with a price increase',
  'Discount request for a bulk order',
  'Warranty repair of a cracked screen',
  'Access request to the finance folder',
];
const DETAILS = [
  'of 40 EUR',
  'after 45 days',
  'without a receipt',
  'for a repeat customer',
  'outside the policy window',
  'marked urgent by sales',
  'with manager sign-off',
  'above the approval limit',
];
const REASONS = [
  'Within policy',
  'Outside the return window',
  'No receipt attached',
  'Goodwill for a loyal customer',
  'Needs a second approver',
  'Duplicate of an earlier request',
];
const array = (items: readonly string[]) =>
  sql`array[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

const queries: { name: string; data: unknown }[] = [
  { name: 'broad: whole key', data: { query: 'refund for a late delivery without a receipt' } },
  {
    name: 'broad: one organization',
    data: { query: 'refund for a late delivery without a receipt', organizationId: 'org-7' },
  },
  {
    name: 'narrow: one document',
    data: { query: 'laptop return after 45 days', organizationId: 'org-7', documentId: 'doc-7-3' },
  },
  { name: 'narrow: a rare word, whole key', data: { query: 'client1234 contract renewal' } },
  {
    name: 'misspelled (trigram fallback), one organization',
    data: { query: 'laptpo retrun', organizationId: 'org-7' },
  },
];

const results: [string, { p50: number; p99: number }][] = [];
try {
  await svc.stop();
  console.log(`loading ${JUDGMENTS.toLocaleString('en')} judgments …`);
  const started = performance.now();
  const database = await openDatabase(target);
  const now = Date.now();
  // Bulk SQL in slices, so that the embedded database's memory stays flat.
  for (let from = 0; from < JUDGMENTS; from += 10_000) {
    const to = Math.min(JUDGMENTS, from + 10_000) - 1;
    await database.db.execute(sql`
      insert into judgments (api_key_id, judgment_id, organization_id, document_id, text,
        decision, reason, reviewer_id, decided_at)
      select ${apiKey}, 'j-' || i, 'org-' || (i % ${ORGANIZATIONS}),
        'doc-' || (i % ${ORGANIZATIONS}) || '-' || ((i / ${ORGANIZATIONS}) % ${DOCUMENTS}),
        (${array(SUBJECTS)})[1 + i % ${SUBJECTS.length}] || ' '
          || (${array(DETAILS)})[1 + (i / 7) % ${DETAILS.length}] || ' (client' || (i % 5000) || ')',
        case when (i * 7919) % 10 < 6 then 'approve' else 'reject' end,
        (${array(REASONS)})[1 + (i / 3) % ${REASONS.length}],
        'reviewer-' || (i % 300),
        ${now}::bigint - ((i * 104729) % (730 * 86400))::bigint * 1000
      from generate_series(${from}::bigint, ${to}::bigint) as i`);
  }
  await database.db.execute(sql`analyze judgments`);
  await database.close();
  console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  svc = await spawnService(env, port);
  for (const q of queries) {
    results.push([q.name, await latency(`${svc.url}/v2/memory/suggest`, headers, q.data, ROUNDS)]);
  }
} finally {
  await svc.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; Suggest Decision over ${JUDGMENTS.toLocaleString('en')} judgments in ${ORGANIZATIONS} organizations; ${ROUNDS} requests each, one at a time, after 50 warm-up\n`,
);
printTable(
  ['query', 'p50 ms', 'p99 ms'],
  results.map(([name, r]) => [name, r.p50.toFixed(2), r.p99.toFixed(2)]),
);
