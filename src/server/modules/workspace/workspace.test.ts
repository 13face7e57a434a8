import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { createApiKey, getAuthTokens } from '#contract/api-keys';
import { headersOf } from '#contract/credentials';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('Create Workspace', () => {
  it('creates a workspace with the default names and an initial testing key', async () => {
    const email = uniqueEmail('ada');
    const res = await svc.send(createWorkspace, { ownerEmail: email });
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('success');
    const ws = res.body.result.data;
    expect(ws.name).toBe(`${email} workspace`);
    expect(ws.owner).toEqual({
      email,
      id: expect.stringMatching(/^usr_/),
      name: email,
      avatar: '',
    });
    expect(ws.authToken).toMatch(/^wst_/);
    const keys = Object.values(ws.apiKeyList);
    expect(keys).toHaveLength(1);
    const [key] = keys;
    expect(key?.type).toBe('testing');
    expect(key?.apiKeyName).toBe(
      `${email.charAt(0).toUpperCase()}${email.slice(1).split('@')[0]} Test API Key`,
    );
    expect(ws.apiKeyList[key?.id ?? '']).toEqual(key);
  });

  it('names the key "Ada Test API Key" for ada@…', async () => {
    const res = await svc.send(createWorkspace, {
      ownerEmail: `ada@${Date.now()}.example.com`,
    });
    expect(Object.values(res.body.result.data.apiKeyList)[0]?.apiKeyName).toBe('Ada Test API Key');
  });

  it('uses the given names and avatar', async () => {
    const res = await svc.send(createWorkspace, {
      ownerEmail: uniqueEmail(),
      name: 'Ada Lovelace',
      avatar: 'https://example.com/ada.png',
    });
    const ws = res.body.result.data;
    expect(ws.name).toBe('Ada Lovelace workspace');
    expect(ws.owner.name).toBe('Ada Lovelace');
    expect(ws.owner.avatar).toBe('https://example.com/ada.png');
    const named = await svc.send(createWorkspace, {
      ownerEmail: uniqueEmail(),
      workspaceName: 'Analytical Engine',
    });
    expect(named.body.result.data.name).toBe('Analytical Engine');
  });

  it('refuses names that are empty or too long, and avatars that are too long', async () => {
    for (const data of [
      { name: '' },
      { workspaceName: '' },
      { name: 'x'.repeat(201) },
      { workspaceName: 'x'.repeat(201) },
      { avatar: `https://example.com/${'a'.repeat(2000)}` },
    ]) {
      const res = await svc.send(createWorkspace, { ownerEmail: uniqueEmail(), ...data });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    }
  });
});

describe('Get Workspace and Get Auth Tokens', () => {
  it('returns the same workspace that was created', async () => {
    const fx = await createWorkspaceFixture(svc);
    const res = await fx.send(getWorkspace, {});
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual(fx.workspace);
  });

  it('accepts a call without any body', async () => {
    const fx = await createWorkspaceFixture(svc);
    const headers = headersOf(fx.credentials.workspace);
    const res = await svc.fetch(getWorkspace.path, { method: 'POST', headers });
    expect(res.status).toBe(200);
  });

  it('keeps refusing a wrong token after the right one was accepted', async () => {
    const a = await createWorkspaceFixture(svc);
    const b = await createWorkspaceFixture(svc);
    expect((await a.send(getWorkspace, {})).status).toBe(200);
    const wrong = { ...a.credentials.workspace, token: b.workspace.authToken };
    const res = await svc.send(getWorkspace, {}, { credentials: wrong });
    expect(res.status).toBe(401);
    expect((await a.send(getWorkspace, {})).status).toBe(200);
  });

  it('answers a repeated read with the workspace as it is now, not as it was', async () => {
    const fx = await createWorkspaceFixture(svc);
    const before = await fx.send(getWorkspace, {});
    await fx.send(getWorkspace, {});
    const created = await fx.send(createApiKey, { type: 'testing', apiKeyName: 'Second key' });
    expect(created.status).toBe(200);
    const after = await fx.send(getWorkspace, {});
    expect(Object.keys(after.body.result.data.apiKeyList)).toHaveLength(
      Object.keys(before.body.result.data.apiKeyList).length + 1,
    );
  });

  it('still refuses a request body that is not an object', async () => {
    const fx = await createWorkspaceFixture(svc);
    const res = await fx.send(getWorkspace, []);
    expect(res.status).toBe(400);
  });

  it('returns the default auth token of a key, which then authenticates API-key calls', async () => {
    const fx = await createWorkspaceFixture(svc);
    const { apiKey } = fx;
    const res = await fx.send(getAuthTokens, { apiKey });
    expect(res.body.result.data).toEqual({
      apiKey,
      authTokens: [
        { token: expect.stringMatching(/^akt_/), name: 'Default Auth Token', domains: [] },
      ],
    });
  });

  it('does not reveal the keys of another workspace', async () => {
    const a = await createWorkspaceFixture(svc);
    const b = await createWorkspaceFixture(svc);
    const res = await a.send(getAuthTokens, { apiKey: b.apiKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { status: 'NOT_FOUND', message: 'API key not found.' } });
  });
});
