import { afterAll, beforeAll, expect, it } from 'vitest';
import { allEndpoints } from '#contract/endpoints';
import { adminCases } from '#contract/testing/admin-cases';
import { dataCases } from '#contract/testing/data-cases';
import { type WorkspaceFixture, createWorkspaceFixture } from './testing/fixtures';
import { type SeededTenant, seedTenant, withIds } from './testing/tenant-seed';
import { type Tenant, tenantSnapshot } from './testing/tenant-snapshot';
import { type TestService, startTestService } from './testing/test-service';
import { getApiKeyConfig, updateApiKeyConfig } from '#contract/api-keys';
import { sendTestEvent } from '#contract/webhooks';
import { migrateDocuments } from '#contract/documents';
import { deleteAllUserData } from '#contract/user-data';
import { getAuditLog } from '#contract/audit-log';
import { credentialHeaders } from '#contract/credentials';
import { inviteMember } from '#contract/team';

/**
 * The right credentials of workspace A aimed at what workspace B holds: every endpoint that is
 * not public, called by A with every id of B (its organization data under the ids the samples
 * name, its webhook endpoint and message, its API key, its migration and erasure job). Wrong
 * credentials are the auth matrix's (reliability/auth-matrix.test.ts).
 */
let svc: TestService;
let a: WorkspaceFixture;
let b: WorkspaceFixture;
let seededB: SeededTenant;
let tenantB: Tenant;
/** B's ids by the request field that names them. */
const idsOfB: Record<string, string> = {};
const bSecret = 'sk-b-secret-ai-key-0123456789';

async function ok<T>(path: string, data: unknown): Promise<T> {
  const res = await svc.post<{ result?: { data: T }; data?: T }>(path, data, b.apiKeyHeaders);
  if (res.status >= 300) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return (res.body.result?.data ?? res.body.data) as T;
}

beforeAll(async () => {
  // Nothing runs in the background, so that B's rows only change if a call of A changes them.
  svc = await startTestService({
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
  a = await createWorkspaceFixture(svc);
  b = await createWorkspaceFixture(svc);
  tenantB = {
    workspaceId: b.workspace.id,
    apiKeyId: b.apiKey,
    ownerEmail: b.workspace.owner.email,
  };
  await ok(updateApiKeyConfig.path, {
    requireJwtToken: true,
    aiModelApiKey: [{ provider: 'openai', customerApiKey: bSecret }],
  });
  // B holds organization data under the very ids A's sample calls name (o1, f1, d1, u1, g1, n1…),
  // so that a call of A reaching B's rows would show in B's state.
  seededB = await seedTenant((p, d, h) => svc.post(p, d, h), b.apiKeyHeaders);
  const message = await ok<{ messageId: string }>(sendTestEvent.path, {
    endpointId: seededB.endpointId,
  });
  const migration = await ok<{ migrationId: string }>(migrateDocuments.path, {
    organizationId: 'o1',
    documentId: 'd1',
    newDocumentId: 'd1-moved',
  });
  const erasure = await ok<{ jobId: string }>(deleteAllUserData.path, { userIds: ['nobody'] });
  Object.assign(idsOfB, {
    endpointId: seededB.endpointId,
    messageId: message.messageId,
    migrationId: migration.migrationId,
    jobId: erasure.jobId,
    apiKey: b.apiKey,
  });
  // B's team holds the address A's team samples invite, change and remove.
  await b.call(inviteMember, { email: 'bo@example.com', role: 'admin' });
});
afterAll(() => svc.close());

const samples: Record<string, { valid: unknown[] }> = { ...adminCases, ...dataCases };

/** What B holds, read with B's own credentials through every read endpoint. */
async function stateOfB(): Promise<string> {
  const reads = allEndpoints.filter((e) => e.auth === 'apiKey' && /\/get$|\/list$/.test(e.path));
  const answers = await Promise.all(
    reads.map(async (e) => {
      const sample = withIds(samples[e.name]?.valid[0], idsOfB);
      return [e.path, (await svc.post(e.path, sample, b.apiKeyHeaders)).body] as const;
    }),
  );
  return JSON.stringify(answers);
}

it('never returns or changes anything of workspace B when A calls every endpoint with B’s ids', async () => {
  const before = await stateOfB();
  for (const marker of ['openai', 'Seed folder', 'bea@b.example.com', 'seed-action']) {
    expect(before).toContain(marker);
  }
  for (const marker of ['seed-reaction', 'Seed headline', 'seed-execution', 'seed-judgment']) {
    expect(before).toContain(marker);
  }
  // Get User Groups names the seeded group: B's groups are among what is compared.
  expect(before).toContain('Seed group');
  const rowsBefore = await tenantSnapshot(svc.database.db, tenantB);
  const secretsOfB = [
    b.workspace.id,
    b.workspace.authToken,
    b.workspace.owner.email,
    b.apiKeyHeaders[credentialHeaders.apiKeyToken] ?? '',
    bSecret,
  ];
  for (const e of allEndpoints.filter((x) => x.auth !== 'public')) {
    const headers = e.auth === 'apiKey' ? a.apiKeyHeaders : a.workspaceHeaders;
    for (const sample of samples[e.name]?.valid ?? []) {
      const input = withIds(sample, idsOfB);
      const res = await svc.post(e.path, input, headers);
      const text = JSON.stringify(res.body);
      expect(res.status, `${e.name} ${text}`).toBeLessThan(500);
      for (const secret of secretsOfB) expect(text, e.name).not.toContain(secret);
      // B's key may be echoed by an answer about the request naming it, never otherwise.
      if (!JSON.stringify(input ?? null).includes(b.apiKey)) expect(text).not.toContain(b.apiKey);
      // Get Audit Log's `apiKey` filters the caller's own entries, which outlive deleted keys:
      // naming another workspace's key finds nothing rather than being refused.
      if (JSON.stringify(input ?? null).includes(b.apiKey) && e.name !== 'Get Audit Log') {
        expect(res.status, `${e.name} with B's API key ${text}`).toBeGreaterThanOrEqual(400);
      }
    }
  }
  expect(await tenantSnapshot(svc.database.db, tenantB)).toEqual(rowsBefore);
  expect(await stateOfB()).toBe(before);
  // B's credentials still work: no reset by A reached B's key.
  expect((await b.send(getApiKeyConfig, {})).status).toBe(200);
  // About 150 calls one after another: far longer than one call on a busy PostgreSQL machine.
}, 180_000);

it('never shows an audit entry of workspace B to A (Get Audit Log)', async () => {
  const path = getAuditLog.path;
  const ofB = JSON.stringify((await svc.post(path, {}, b.workspaceHeaders)).body);
  expect(ofB).toContain(b.apiKey);
  for (const data of [{}, { apiKey: b.apiKey }, { action: 'Update API Key Config' }]) {
    const res = await svc.post(path, data, a.workspaceHeaders);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(b.apiKey);
    expect(text).not.toContain(b.workspace.id);
  }
  const crossed = await svc.post(
    path,
    {},
    {
      [credentialHeaders.workspaceId]: b.workspace.id,
      [credentialHeaders.workspaceToken]:
        a.workspaceHeaders[credentialHeaders.workspaceToken] ?? '',
    },
  );
  expect(crossed.status).toBeGreaterThanOrEqual(400);
  expect(crossed.status).toBeLessThan(500);
  expect(JSON.stringify(crossed.body)).not.toContain(b.apiKey);
});
