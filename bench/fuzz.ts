// The full profile of the contract fuzzing: every endpoint gets `--runs` (default 2,000) hostile
// bodies derived from its contract schema, against the service in this process (so that every
// table can be read between calls), on the embedded database or, with DATABASE_URL, on a fresh
// database of that PostgreSQL server. Prints one row per endpoint and the failures it found.
//
//   npx tsx bench/fuzz.ts [--runs 2000] [--seed N] [--only "Get Users,Add Users"]
//                         [--from "Add Users"] [--part 1/3]
// --from starts at that endpoint of the order; --part runs every n-th endpoint from the i-th, so
// that several processes (each with its own database) share a run.
import { parseArgs } from 'node:util';
import { allEndpoints } from '#contract/endpoints';
import type { AnyEndpoint } from '#contract/endpoint';
import { headersOf } from '#contract/credentials';
import { openDatabase } from '#server/db/connection';
import { createWorkspaceFixture } from '#server/testing/fixtures';
import { type FuzzTally, fuzzEndpoint } from '#server/testing/fuzz-endpoint';
import { fuzzOrder, samplesOf } from '#server/testing/fuzz-plan';
import { seedTenant, withSeededIds } from '#server/testing/tenant-seed';
import { openTestDatabase } from '#server/testing/test-database';
import { startTestService } from '#server/testing/test-service';
import { printTable } from './table';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    seed: { type: 'string' },
    only: { type: 'string' },
    from: { type: 'string' },
    part: { type: 'string', default: '1/1' },
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
const tenant = await seedTenant(seeded);
const plain = await createWorkspaceFixture(svc);

function targetOf(e: AnyEndpoint) {
  const fx = e.auth === 'apiKey' ? seeded : plain;
  // Raw requests: the fixture's credentials of the endpoint's level, as headers (none for the
  // endpoints about a signed-in person, which the fuzzer meets signed out).
  const headers =
    e.auth === 'public' || e.auth === 'session' ? {} : headersOf(fx.credentials[e.auth]);
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
const only = values.only?.split(',').map((n) => n.trim());
const ordered = fuzzOrder(allEndpoints);
const start = values.from ? ordered.findIndex((e) => e.name === values.from) : 0;
if (start < 0) throw new Error(`--from: no endpoint named ${values.from}`);
const [part, parts] = values.part.split('/').map(Number) as [number, number];
const endpoints = ordered
  .slice(start)
  .filter((e) => !only || only.includes(e.name))
  .filter((_e, i) => i % parts === part - 1);
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
