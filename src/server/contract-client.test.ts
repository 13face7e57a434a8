import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApiKeyConfig } from '#contract/api-keys';
import { createClient } from '#contract/client';
import { CallError } from '#contract/client-call';
import { addOrganizations } from '#contract/organizations';
import { addUsers } from '#contract/users';
import { deleteAllUserData, getAllUserData } from '#contract/user-data';
import { suggestDecision } from '#contract/memory';
import { getEmailVerificationStatus, getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { createWorkspaceFixture, limitsOn, uniqueEmail } from './testing/fixtures';
import { type TestService, startTestService } from './testing/test-service';

/** The contract's client against the real service: what every caller of the API relies on. */

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ env: limitsOn({ RATE_LIMIT_EMAIL_STATUS_MAX: '1' }) });
});
afterAll(() => svc.close());

describe('call', () => {
  it('answers the unwrapped data of envelopes A, B and C, and of a dry run', async () => {
    const fx = await createWorkspaceFixture(svc);
    const a = await fx.call(getWorkspace, {});
    expect(a).toEqual({ data: fx.workspace, message: 'Workspace retrieved successfully.' });

    const b = await fx.call(suggestDecision, { query: 'refund' });
    expect(b.data).toEqual({ primary: null, conflict: null });

    await fx.call(addOrganizations, {
      organizations: [{ organizationId: 'org-1', organizationName: 'One' }],
    });
    await fx.call(addUsers, {
      organizationId: 'org-1',
      users: [{ userId: 'u-1', name: 'Ann', email: 'ann@example.com' }],
    });
    const c = await fx.call(deleteAllUserData, { userIds: ['u-1'] });
    expect(c.data).toEqual({ jobId: expect.any(String), tasksCount: expect.any(Number) });

    const dry = await fx.call(deleteAllUserData, { userIds: ['u-1'], dryRun: true });
    expect(dry.message).toMatch(/^Data deletion preview: nothing was changed/);
    expect(dry.data).not.toHaveProperty('jobId');
  });

  it('answers the page token of a paged endpoint', async () => {
    const fx = await createWorkspaceFixture(svc);
    const page = await fx.call(getAllUserData, { organizationId: 'org-x', userId: 'u-x' });
    expect(page.pageToken).toBeNull();
  });

  it('throws a CallError with the error status, message and HTTP status', async () => {
    const fx = await createWorkspaceFixture(svc);
    const refused = await fx
      .call(getAllUserData, { organizationId: '', userId: 'u-x' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CallError);
    expect(refused).toMatchObject({ status: 'INVALID_ARGUMENT', httpStatus: 400 });
    expect((refused as CallError).message).toMatch(/organizationId/);
  });

  it('carries the Retry-After of a refusal for too many requests', async () => {
    const fx = await createWorkspaceFixture(svc);
    const status = { ownerEmail: fx.workspace.owner.email };
    await svc.call(getEmailVerificationStatus, status);
    const limited = await svc.call(getEmailVerificationStatus, status).catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 'RESOURCE_EXHAUSTED', httpStatus: 429 });
    expect((limited as CallError).retryAt).toBeGreaterThan(Date.now());
  });

  it('throws UNAVAILABLE, naming the service, when nothing answers', async () => {
    const nowhere = createClient({ baseUrl: 'http://127.0.0.1:1' });
    const failed = await nowhere
      .call(createWorkspace, { ownerEmail: uniqueEmail() })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 'UNAVAILABLE', httpStatus: 0 });
    expect((failed as CallError).message).toBe(
      'The service at http://127.0.0.1:1 could not be reached.',
    );
  });

  it('lets an aborted call reject with its AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = await svc
      .call(createWorkspace, { ownerEmail: uniqueEmail() }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(Error);
    expect((aborted as Error).name).toBe('AbortError');
  });
});

describe('send', () => {
  it('answers the reply as it arrived, error envelopes and HTTP statuses included', async () => {
    const fx = await createWorkspaceFixture(svc);
    const res = await fx.send(createWorkspace, { ownerEmail: 'not an address' });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('presents the credentials the endpoint’s auth level accepts, and none to a public one', async () => {
    const fx = await createWorkspaceFixture(svc);
    expect((await fx.send(getWorkspace, {})).status).toBe(200);
    expect((await fx.send(getApiKeyConfig, {})).status).toBe(200);
    // Without credentials the service names the missing header.
    const bare = await svc.send(getApiKeyConfig, {});
    expect(bare.status).toBe(400);
    expect(bare.body.error.message).toBe('API key not found in headers.');
    // The workspace's credentials are not an API key's: none are sent.
    const wrongKind = await svc.send(
      getApiKeyConfig,
      {},
      {
        credentials: fx.credentials.workspace,
      },
    );
    expect(wrongKind.body.error.message).toBe('API key not found in headers.');
    // Credentials given to a call replace the source's.
    const other = await createWorkspaceFixture(svc);
    const theirs = await fx.send(getWorkspace, {}, { credentials: other.credentials.workspace });
    expect(theirs.body.result.data.id).toBe(other.workspace.id);
  });

  it('sends the headers a call adds beside the credentials', async () => {
    const fx = await createWorkspaceFixture(svc);
    const res = await fx.send(getWorkspace, {}, { headers: { 'x-request-id': 'client-test-1' } });
    expect(res.headers.get('x-request-id')).toBe('client-test-1');
  });
});
