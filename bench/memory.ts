// Scale of Suggest Decision: p50 / p99 through HTTP over 100,000 judgments in 50 organizations,
// for broad queries (the whole key, an organization) and narrow ones (a document, a rare word, a
// misspelling that takes the trigram fallback). `npx tsx bench/memory.ts`; on PostgreSQL with
// DATABASE_URL set (an empty database: the benchmark fills it), else on the embedded database.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/connection';
import { latency } from './data/measure';
import { apiKeyOf, benchService } from './kit/service';
import { printTable } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const JUDGMENTS = Number(process.env.JUDGMENTS ?? 100_000);
const ORGANIZATIONS = 50;
/** Documents per organization: ~20 judgments each. */
const DOCUMENTS = 100;
const bench = await benchService('memory');
let svc = await bench.spawn();
const { apiKey, headers } = await apiKeyOf(svc.url, 'bench-memory@example.com');

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
  const database = await openDatabase(bench.target);
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
  svc = await bench.spawn();
  for (const q of queries) {
    results.push([q.name, await latency(`${svc.url}/v2/memory/suggest`, headers, q.data, ROUNDS)]);
  }
} finally {
  await svc.stop();
  bench.cleanup();
}

console.log(
  `\n${bench.label}; Suggest Decision over ${JUDGMENTS.toLocaleString('en')} judgments in ${ORGANIZATIONS} organizations; ${ROUNDS} requests each, one at a time, after 50 warm-up\n`,
);
printTable(
  ['query', 'p50 ms', 'p99 ms'],
  results.map(([name, r]) => [name, r.p50.toFixed(2), r.p99.toFixed(2)]),
);
