// Scale of Suggest Decision: p50 / p99 through HTTP over 100,000 judgments in 50 organizations,
// for broad queries (the whole key, an organization) and narrow ones (a document, a rare word, a
// misspelling that takes the trigram fallback). `npx tsx bench/memory.ts`; on PostgreSQL with
// DATABASE_URL set (an empty database: the benchmark fills it), else on the embedded database.
//
// Then a query of 2,000 characters (an item's description and the thread pasted after it) over
// another key's 1,000 judgments, one at a time and four at once, with /healthz asked every 20 ms
// meanwhile: a long query must cost what a short one does and must not hold up other requests.
// JUDGMENTS=0 runs only that phase.
import { sql } from 'drizzle-orm';
import { MAX_QUERY_LENGTH } from '#contract/memory';
import { openDatabase } from '#server/db/connection';
import { latency } from './data/measure';
import { apiKeyOf, benchService, post, quantile } from './kit/service';
import { printTable } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const JUDGMENTS = Number(process.env.JUDGMENTS ?? 100_000);
/** Requests of the long query one at a time, and rounds of four at once. */
const LONG_ROUNDS = Number(process.env.LONG_ROUNDS ?? 40);
const SMALL_KEY_JUDGMENTS = 1_000;
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

/** The long query: the item first, then a thread of replies in the judgments' words and others. */
function longQuery(): string {
  const filler = [
    'please advise',
    'see the attached photos',
    'the customer called twice',
    'forwarded by the front desk',
    'order number',
    'as discussed on the phone',
  ];
  let text = 'Laptop return after the trial period, without a receipt, for a repeat customer.';
  for (let i = 0; text.length < MAX_QUERY_LENGTH; i++) {
    const subject = SUBJECTS[(i * 3) % SUBJECTS.length] ?? '';
    const detail = DETAILS[(i * 5) % DETAILS.length] ?? '';
    text += ` Re: ${subject.toLowerCase()} ${detail}; ${filler[i % filler.length] ?? ''} ${1000 + i * 37}.`;
  }
  return text.slice(0, MAX_QUERY_LENGTH);
}

/** Every latency of `send` (ms), sent `rounds` times by each of `parallel` clients at once. */
async function latencies(
  send: () => Promise<unknown>,
  rounds: number,
  parallel: number,
): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = 0; i < rounds; i++) {
        const started = performance.now();
        await send();
        times.push(performance.now() - started);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

/** /healthz latencies (ms), asked every 20 ms until `done` resolves. */
async function healthWhile(url: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    const started = performance.now();
    await fetch(`${url}/healthz`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times.sort((a, b) => a - b);
}

const results: [string, { p50: number; p99: number }][] = [];
const longResults: string[][] = [];

/** The broad and narrow queries over JUDGMENTS judgments, loaded while the service is stopped. */
async function largeKeyPhase(): Promise<void> {
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
}

/** The long query over another key's 1,000 judgments, one at a time and four at once. */
async function longQueryPhase(): Promise<void> {
  const small = await apiKeyOf(svc.url, 'bench-memory-long@example.com');
  const judgments = Array.from({ length: SMALL_KEY_JUDGMENTS }, (_, i) => ({
    judgmentId: `s-${i}`,
    organizationId: `org-${i % 5}`,
    text: `${SUBJECTS[i % SUBJECTS.length] ?? ''} ${DETAILS[Math.floor(i / 7) % DETAILS.length] ?? ''} (client${i % 500})`,
    decision: (i * 7919) % 10 < 6 ? 'approve' : 'reject',
    reason: REASONS[Math.floor(i / 3) % REASONS.length],
    reviewerId: `reviewer-${i % 30}`,
    decidedAt: Date.now() - ((i * 104729) % (730 * 86400)) * 1000,
  }));
  await post(svc.url, '/v2/memory/judgments/add', { judgments }, small.headers);
  const query = longQuery();
  const ask = () => post(svc.url, '/v2/memory/suggest', { query }, small.headers);
  await latencies(ask, 3, 1);
  const measure = async (parallel: number) => {
    const asked = latencies(ask, LONG_ROUNDS, parallel);
    const health = await healthWhile(svc.url, asked);
    const times = await asked;
    longResults.push([
      parallel === 1 ? 'one at a time' : `${parallel} at once`,
      quantile(times, 0.5).toFixed(1),
      quantile(times, 0.99).toFixed(1),
      quantile(health, 0.5).toFixed(1),
      quantile(health, 0.99).toFixed(1),
    ]);
  };
  await measure(1);
  await measure(4);
}

try {
  if (JUDGMENTS > 0) await largeKeyPhase();
  await longQueryPhase();
} finally {
  await svc.stop();
  bench.cleanup();
}

if (results.length > 0) {
  console.log(
    `\n${bench.label}; Suggest Decision over ${JUDGMENTS.toLocaleString('en')} judgments in ${ORGANIZATIONS} organizations; ${ROUNDS} requests each, one at a time, after 50 warm-up\n`,
  );
  printTable(
    ['query', 'p50 ms', 'p99 ms'],
    results.map(([name, r]) => [name, r.p50.toFixed(2), r.p99.toFixed(2)]),
  );
}
console.log(
  `\n${bench.label}; Suggest Decision with a query of ${MAX_QUERY_LENGTH.toLocaleString('en')} characters over ${SMALL_KEY_JUDGMENTS.toLocaleString('en')} judgments; ${LONG_ROUNDS} requests per client after 3 warm-up, /healthz every 20 ms meanwhile\n`,
);
printTable(['clients', 'p50 ms', 'p99 ms', '/healthz p50 ms', '/healthz p99 ms'], longResults);
