import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorkspace, type Workspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { createApiKey, getPermissionProviderConfig, resetAuthToken } from '#contract/api-keys';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const create = (data: Record<string, unknown>) => svc.send(createWorkspace, data);

async function makePaid(workspace: Workspace) {
  const res = await svc.send(
    createApiKey,
    { type: 'production' },
    { credentials: { kind: 'workspace', id: workspace.id, token: workspace.authToken } },
  );
  expect(res.status).toBe(200);
}

describe('Create Workspace rules', () => {
  it('refuses a second workspace while the root one is not on a paid plan', async () => {
    const email = uniqueEmail();
    expect((await create({ ownerEmail: email })).status).toBe(200);
    const second = await create({ ownerEmail: email, workspaceName: 'Second' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });

  it('allows up to five per e-mail once the root is paid, compared without case', async () => {
    const email = uniqueEmail();
    const root = await create({ ownerEmail: email });
    await makePaid(root.body.result.data);
    for (const n of [2, 3, 4, 5]) {
      const res = await create({
        ownerEmail: n % 2 ? email.toUpperCase() : email,
        workspaceName: `W${n}`,
      });
      expect(res.status, `workspace ${n}`).toBe(200);
    }
    const sixth = await create({ ownerEmail: email, workspaceName: 'W6' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ error: { status: 'RESOURCE_EXHAUSTED' } });
  });

  it('refuses the same workspace name twice for one e-mail, without case', async () => {
    const email = uniqueEmail();
    const root = await create({ ownerEmail: email, workspaceName: 'Engine' });
    await makePaid(root.body.result.data);
    const again = await create({ ownerEmail: email, workspaceName: 'ENGINE' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { status: 'ALREADY_EXISTS' } });
    const other = await create({ ownerEmail: uniqueEmail(), workspaceName: 'Engine' });
    expect(other.status).toBe(200);
  });

  it('refuses disposable e-mail domains', async () => {
    const res = await create({ ownerEmail: 'someone@mailinator.com' });
    expect(res.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'This email domain is not supported.' },
    });
  });

  it('never exceeds the limits under concurrent creates for one e-mail', async () => {
    const email = uniqueEmail();
    const first = await Promise.all(
      Array.from({ length: 6 }, (_, n) => create({ ownerEmail: email, workspaceName: `P${n}` })),
    );
    expect(first.filter((r) => r.status === 200)).toHaveLength(1);
    expect(first.filter((r) => r.status === 403)).toHaveLength(5);

    const root = first.find((r) => r.status === 200)?.body.result.data;
    if (!root) throw new Error('no root workspace');
    await makePaid(root);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, n) => create({ ownerEmail: email, workspaceName: `Q${n}` })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(4);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(6);
  });
});

describe('API keys of a workspace', () => {
  it('creates keys that appear in the workspace with a working token, up to ten non-production', async () => {
    const fixture = await createWorkspaceFixture(svc);
    for (let n = 2; n <= 10; n++) {
      const res = await fixture.send(createApiKey, { type: 'testing', apiKeyName: `Key ${n}` });
      expect(res.status, `key ${n}`).toBe(200);
    }
    const eleventh = await fixture.send(createApiKey, { type: 'testing' });
    expect(eleventh.status).toBe(429);
    const production = await fixture.send(createApiKey, { type: 'production' });
    expect(production.status).toBe(200);
    const ws = await fixture.send(getWorkspace, {});
    const keys = Object.values(ws.body.result.data.apiKeyList);
    expect(keys).toHaveLength(11);
    expect(ws.body.result.data.apiKeyList[production.body.result.data.apiKey]?.type).toBe(
      'production',
    );
  });

  it('resets a token: the new one works at once and the old one fails at once', async () => {
    const fixture = await createWorkspaceFixture(svc);
    const read = (options = {}) => fixture.send(getPermissionProviderConfig, {}, options);
    expect((await read()).status).toBe(200);
    const reset = await fixture.send(resetAuthToken, { apiKey: fixture.apiKey });
    expect(reset.status).toBe(200);
    const { newAuthToken } = reset.body.result.data;
    expect(newAuthToken).toEqual({
      token: expect.stringMatching(/^akt_/),
      name: 'Default Auth Token',
      domains: [],
    });
    expect(newAuthToken.token).not.toBe(fixture.credentials.apiKey.token);
    expect((await read()).status).toBe(401);
    const fresh = { ...fixture.credentials.apiKey, token: newAuthToken.token };
    expect((await read({ credentials: fresh })).status).toBe(200);
  });

  it('answers NOT_FOUND for a key that is unknown or belongs to another workspace', async () => {
    const a = await createWorkspaceFixture(svc);
    const b = await createWorkspaceFixture(svc);
    for (const apiKey of ['ak_unknown', b.apiKey]) {
      const res = await a.send(resetAuthToken, { apiKey });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { status: 'NOT_FOUND', message: 'API key not found.' } });
    }
    const missing = await a.send(resetAuthToken, {});
    expect(missing.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'data.apiKey is required' },
    });
  });
});
