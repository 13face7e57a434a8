import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/endpoints';
import { adminCases } from '../../contract/testing/admin-cases';
import { dataCases } from '../../contract/testing/data-cases';
import type { RequestCases } from '../../contract/testing/request-cases';
import { createWorkspaceFixture } from '../testing/fixtures';
import { fuzzEndpoint } from '../testing/fuzz-endpoint';
import { seedTenant, withSeededIds } from '../testing/tenant-seed';
import { type TestService, startTestService } from '../testing/test-service';

/**
 * The fast profile of the contract fuzzing (bench/fuzz.ts runs the full one): hostile bodies
 * derived from every endpoint's contract schema, each answered with a 4xx error envelope or a
 * success, never a 5xx or a hang, and no write from a refused call. FUZZ_SEED replays a run.
 */
const runs = 100;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const samples: Record<string, RequestCases> = { ...adminCases, ...dataCases };

let svc: TestService;
beforeAll(async () => {
  // No background work: a job or delivery writing between two snapshots would look like a write.
  svc = await startTestService({
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
});
afterAll(() => svc.close());

it('has valid samples to mutate for every endpoint', () => {
  const missing = allEndpoints.filter((e) => (samples[e.name]?.valid.length ?? 0) === 0);
  expect(missing.map((e) => e.name)).toEqual([]);
});

describe.each(allEndpoints.map((e) => [e.name, e] as const))('%s', (_name, e) => {
  it(`answers ${runs} hostile bodies with a 4xx envelope or a success, and refusals write nothing`, async () => {
    const fx = await createWorkspaceFixture(svc);
    const seeded = await seedTenant((p, d, h) => svc.post(p, d, h), fx.apiKeyHeaders);
    const headers =
      e.auth === 'apiKey' ? fx.apiKeyHeaders : e.auth === 'workspace' ? fx.workspaceHeaders : {};
    const tally = await fuzzEndpoint(
      e,
      {
        url: svc.url,
        db: svc.database.db,
        headers,
        samples: (samples[e.name]?.valid ?? []).map((s) => withSeededIds(s, seeded)),
      },
      { runs, timeoutMs: 15_000, stopAtFailure: true, ...(seed === undefined ? {} : { seed }) },
    );
    expect(tally.failures).toEqual([]);
    expect(tally.tried).toBeGreaterThanOrEqual(runs);
  }, 120_000);
});
