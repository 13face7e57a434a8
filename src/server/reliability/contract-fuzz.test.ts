import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '#contract/endpoint';
import { headersOf } from '#contract/credentials';
import { allEndpoints } from '#contract/endpoints';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { fuzzEndpoint } from '../testing/fuzz-endpoint';
import { fuzzOrder, samplesOf } from '../testing/fuzz-plan';
import { type SeededTenant, seedTenant, withSeededIds } from '../testing/tenant-seed';
import { type TestService, startTestService } from '../testing/test-service';
import { WriteWatch } from '../testing/write-watch';
import { signIn } from '../testing/session-fixtures';

/**
 * The fast profile of the contract fuzzing (bench/fuzz.ts runs the full one): hostile bodies
 * derived from every endpoint's contract schema, each answered with a 4xx error envelope or a
 * success, never a 5xx or a hang, and no write from a refused call. FUZZ_SEED replays a run.
 */
const runs = 100;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let svc: TestService;
/** API-key endpoints work on seeded organization data; the others on a workspace of their own. */
let seeded: WorkspaceFixture;
let tenant: SeededTenant;
let plain: WorkspaceFixture;
beforeAll(async () => {
  // No background work: a job or delivery writing between two looks would count as a write.
  svc = await startTestService({
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
  seeded = await createWorkspaceFixture(svc);
  tenant = await seedTenant(seeded);
  plain = await createWorkspaceFixture(svc);
});
afterAll(() => svc.close());

it('has valid samples to mutate for every endpoint', () => {
  expect(allEndpoints.filter((e) => samplesOf(e).length === 0).map((e) => e.name)).toEqual([]);
});

it('notices a write between two looks', async () => {
  const watch = await WriteWatch.start(svc.database.db);
  expect(await watch.changes()).toEqual([]);
  await svc.database.db.execute(
    sql`update organizations set organization_name = 'Changed' where organization_id = 'o1'`,
  );
  expect(await watch.changes()).toEqual(['organizations (1 → 1 rows)']);
  await svc.database.db.execute(
    sql`update organizations set organization_name = 'Seed' where organization_id = 'o1'`,
  );
});

async function targetOf(e: AnyEndpoint) {
  const fx = e.auth === 'apiKey' ? seeded : plain;
  // Raw requests: the fixture's credentials of the endpoint's level, as headers. The endpoints
  // about a signed-in person take a session: a fresh one each, since Sign Out ends it, and the
  // person's first call within a minute of sign-in writes nothing (last use).
  const headers =
    e.auth === 'session' || e.access?.sessionOnly
      ? headersOf((await signIn(svc, plain.workspace.owner.email)).as(plain.workspace.id))
      : e.auth === 'public'
        ? {}
        : headersOf(fx.credentials[e.auth]);
  const ids = { ...tenant, apiKey: fx.apiKey };
  return {
    url: svc.url,
    db: svc.database.db,
    headers,
    samples: samplesOf(e).map((s) => withSeededIds(s, ids)),
  };
}

describe.each(fuzzOrder(allEndpoints).map((e) => [e.name, e] as const))('%s', (_name, e) => {
  it(`answers ${runs} hostile bodies with a 4xx envelope or a success; refusals write nothing`, async () => {
    const tally = await fuzzEndpoint(e, await targetOf(e), {
      runs,
      timeoutMs: 15_000,
      stopAtFailure: true,
      ...(seed === undefined ? {} : { seed }),
    });
    expect(tally.failures).toEqual([]);
    expect(tally.tried).toBeGreaterThanOrEqual(runs);
  }, 120_000);
});
