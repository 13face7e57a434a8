import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '#contract/endpoint';
import { allEndpoints } from '#contract/endpoints';
import { errorEnvelopeSchema } from '#contract/errors';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { samplesOf } from '../testing/fuzz-plan';
import { optionsOf } from '#contract/json-schema';
import { requestSchemaOf } from '../testing/schema-nodes';
import { type SeededTenant, seedTenant, withIds, withSeededIds } from '../testing/tenant-seed';
import { type Reply, type TestService, startTestService } from '../testing/test-service';
import { resetAuthToken } from '#contract/api-keys';

/**
 * What a request answers when it names something the caller's API key does not hold
 * (docs/decisions/0004-unknown-ids.md): INVALID_ARGUMENT naming it, never NOT_FOUND, which is
 * kept for the workspace, an API key and an owner e-mail as the specification lists them. The
 * endpoints and their id fields come from the contract, so a new endpoint is covered as it is
 * added.
 */
let svc: TestService;
let fx: WorkspaceFixture;
let seeded: SeededTenant;
beforeAll(async () => {
  // No background jobs: a migration or an erase accepted here must not change the seeded rows
  // that the calls after it are about.
  svc = await startTestService({ jobRunner: { background: false } });
  fx = await createWorkspaceFixture(svc);
  seeded = await seedTenant(fx);
});
afterAll(() => svc.close());

/** The top-level fields of an endpoint's request, over every option of a union. */
function requestFields(e: AnyEndpoint): Record<string, { type?: string | string[] }> {
  const schema = requestSchemaOf(e.request);
  return Object.assign(
    {},
    ...optionsOf(schema, schema.root).map((option) => option.properties ?? {}),
  ) as Record<string, { type?: string | string[] }>;
}

/** Page positions of the samples are placeholders that no list made: a first page instead. */
const pagePositions = new Set(['pageToken', 'cursor', 'iterator']);

/** A sample as a first request about the seeded tenant's rows. */
function firstPage(sample: unknown): unknown {
  if (typeof sample !== 'object' || sample === null) return sample;
  const named = withSeededIds(sample, seeded) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(named).filter(([field]) => !pagePositions.has(field)));
}

function errorOf(e: AnyEndpoint, res: Reply): { status: string; message: string } {
  const envelope = errorEnvelopeSchema.strict().parse(res.body).error;
  // Get All User Data's envelope carries the HTTP status as `code`, and only its envelope.
  expect(envelope.code, e.name).toBe(e.numericErrorCode ? res.status : undefined);
  return envelope;
}

const unknownOrganization = 'no-such-org';

/** A sample naming the unknown organization wherever it names one, without creating it. */
function withUnknownOrganization(sample: unknown): unknown {
  if (typeof sample !== 'object' || sample === null) return sample;
  const named = { ...(firstPage(sample) as Record<string, unknown>) };
  delete named.createOrganization;
  if (typeof named.organizationId === 'string') named.organizationId = unknownOrganization;
  if (Array.isArray(named.organizationIds)) named.organizationIds = [unknownOrganization];
  return named;
}

const withOrganization = allEndpoints.filter((e) => {
  const fields = requestFields(e);
  return 'organizationId' in fields || 'organizationIds' in fields;
});

describe('an unknown organization', () => {
  it('is named by the requests of the data endpoints', () => {
    // A sanity check of the derivation, not a list: every data area takes organizations.
    expect(withOrganization.length).toBeGreaterThan(20);
    expect(withOrganization.filter((e) => e.organizationMustExist).length).toBeGreaterThan(10);
    for (const e of withOrganization.filter((x) => x.organizationMustExist)) {
      expect(requestFields(e), `${e.name} declares organizationMustExist`).toHaveProperty(
        'organizationId',
      );
    }
  });

  it.each(withOrganization.map((e) => [e.name, e] as const))(
    '%s: INVALID_ARGUMENT where the organization must exist, an answer elsewhere',
    async (_name, e) => {
      const samples = samplesOf(e).filter((s) => typeof s === 'object' && s !== null);
      expect(samples.length, `${e.name} has a sample naming an organization`).toBeGreaterThan(0);
      for (const sample of samples) {
        const request = withUnknownOrganization(sample);
        const res = await fx.send(e, request);
        const what = `${e.name} ${JSON.stringify(request)} → ${res.status} ${JSON.stringify(res.body)}`;
        if (!e.organizationMustExist) {
          expect(res.status, what).toBeLessThan(300);
          continue;
        }
        expect(res.status, what).toBe(400);
        const error = errorOf(e, res);
        expect(error.status, what).toBe('INVALID_ARGUMENT');
        // Get Users puts the specification's `Error retrieving user(s).` first.
        expect(error.message, what).toMatch(
          new RegExp(`(^|\\. )Organization ${unknownOrganization} does not exist\\.$`),
        );
      }
    },
  );
});

/** The top-level string fields that name one thing by its id (`folderId`, `endpointId` …). */
const idFields = (e: AnyEndpoint) =>
  Object.entries(requestFields(e))
    .filter(([field]) => /Id$/.test(field) && field !== 'organizationId')
    .filter(([, node]) => node.type === undefined || node.type === 'string')
    .map(([field]) => field);

const withIdField = allEndpoints.filter((e) => e.auth !== 'public' && idFields(e).length > 0);

describe('an unknown id of anything else', () => {
  it.each(withIdField.map((e) => [e.name, e] as const))(
    '%s: never NOT_FOUND; a refusal is INVALID_ARGUMENT naming the id',
    async (_name, e) => {
      for (const sample of samplesOf(e)) {
        for (const field of idFields(e)) {
          if (typeof (sample as Record<string, unknown> | undefined)?.[field] !== 'string') {
            continue;
          }
          const unknown = `nope-${field}`;
          const request = withIds(firstPage(sample), { [field]: unknown });
          const res = await fx.send(e, request);
          const what = `${e.name} ${JSON.stringify(request)} → ${res.status} ${JSON.stringify(res.body)}`;
          if (res.status < 300) continue;
          const error = errorOf(e, res);
          expect(error.status, what).not.toBe('NOT_FOUND');
          if (/does not exist|not found/i.test(error.message)) {
            expect(error.status, what).toBe('INVALID_ARGUMENT');
            expect(error.message, what).toContain(unknown);
          }
        }
      }
    },
  );

  it('keeps NOT_FOUND for the API key a workspace call names, as the specification does', async () => {
    const reset = allEndpoints.find((e) => e.path === resetAuthToken.path);
    if (!reset) throw new Error('Reset Auth Token is in the contract');
    const res = await fx.send(reset, { apiKey: 'ak_unknown' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { status: 'NOT_FOUND', message: 'API key not found.' } });
  });
});
