// The full profile of the contract fuzzing: every endpoint gets `--runs` (default 2,000) hostile
// bodies derived from its contract schema, against the service in this process (so that every
// table can be read between calls), on the embedded database or, with DATABASE_URL, on a fresh
// database of that PostgreSQL server. Prints one row per endpoint and the failures it found.
//
//   npx tsx bench/fuzz.ts [--runs 2000] [--seed N] [--only "Get Users"]
import { parseArgs } from 'node:util';
import { allEndpoints } from '../src/contract/endpoints';
import type { AnyEndpoint } from '../src/contract/endpoint';
import { openDatabase } from '../src/server/db/connection';
import { createWorkspaceFixture } from '../src/server/testing/fixtures';
import { type FuzzTally, fuzzEndpoint } from '../src/server/testing/fuzz-endpoint';
import { fuzzOrder, samplesOf } from '../src/server/testing/fuzz-plan';
import { seedTenant, withSeededIds } from '../src/server/testing/tenant-seed';
import { openTestDatabase } from '../src/server/testing/test-database';
import { startTestService } from '../src/server/testing/test-service';
import { printTable } from './table';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    seed: { type: 'string' },
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const onPostgres = process.env.DATABASE_URL !== undefined;

const database = onPostgres ? await openTestDatabase() : await openDatabase({ kind: 'pglite' });
const svc = await startTestService({
  database,
  webhookWorker: { background: false },
  jobRunner: { background: false },
});
const seeded = await createWorkspaceFixture(svc);
const tenant = await seedTenant((p, d, h) => svc.post(p, d, h), seeded.apiKeyHeaders);
const plain = await createWorkspaceFixture(svc);

function targetOf(e: AnyEndpoint) {
  const fx = e.auth === 'apiKey' ? seeded : plain;
  const headers =
    e.auth === 'apiKey' ? fx.apiKeyHeaders : e.auth === 'workspace' ? fx.workspaceHeaders : {};
  return {
    url: svc.url,
    db: svc.database.db,
    headers,
    samples: samplesOf(e).map((s) => withSeededIds(s, { ...tenant, apiKey: fx.apiKey })),
  };
}

console.log(
  `Contract fuzzing, full profile: ${runs} bodies per endpoint, seed ${seed}, ${onPostgres ? 'PostgreSQL' : 'embedded PGlite'}\n`,
);
const endpoints = fuzzOrder(allEndpoints).filter((e) => !values.only || e.name === values.only);
const tallies: FuzzTally[] = [];
const started = Date.now();
for (const e of endpoints) {
  const t0 = Date.now();
  const tally = await fuzzEndpoint(e, targetOf(e), {
    runs,
    seed,
    timeoutMs: 15_000,
    stopAtFailure: false,
  });
  tallies.push(tally);
  // One line per endpoint as it finishes, so that an interrupted run still has its numbers.
  console.error(
    `${e.name}: ${tally.tried} bodies in ${((Date.now() - t0) / 1000).toFixed(1)} s, ` +
      `4xx ${tally.refused}, 2xx ${tally.accepted}, 5xx ${tally.serverErrors}, hangs ${tally.hangs}, ` +
      `bad envelopes ${tally.badEnvelopes}, partial writes ${tally.partialWrites}`,
  );
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);

const columns = (t: FuzzTally) => [
  String(t.tried),
  String(t.refused),
  String(t.accepted),
  String(t.serverErrors),
  String(t.hangs),
  String(t.badEnvelopes),
  String(t.partialWrites),
];
const sum = (pick: (t: FuzzTally) => number) => tallies.reduce((n, t) => n + pick(t), 0);
const total: FuzzTally = {
  endpoint: 'all endpoints',
  tried: sum((t) => t.tried),
  refused: sum((t) => t.refused),
  accepted: sum((t) => t.accepted),
  serverErrors: sum((t) => t.serverErrors),
  hangs: sum((t) => t.hangs),
  badEnvelopes: sum((t) => t.badEnvelopes),
  partialWrites: sum((t) => t.partialWrites),
  failures: [],
};
printTable(
  ['endpoint', 'bodies', '4xx', '2xx', '5xx', 'hangs', 'bad envelopes', 'partial writes'],
  [...tallies, total].map((t) => [t.endpoint, ...columns(t)]),
);
console.log(`\n${tallies.length} endpoints in ${seconds} s`);
const failures = tallies.flatMap((t) => t.failures);
for (const failure of failures) console.log(`\nFAILURE ${failure}`);
await svc.close();
process.exitCode = failures.length > 0 ? 1 : 0;
