import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../testing/fixtures';
import { type TestService, startTestService } from '../testing/test-service';
import { getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { getPermissionProviderConfig } from '#contract/api-keys';
import { credentialHeaders } from '#contract/credentials';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(() => svc.close());

const json = { 'content-type': 'application/json' };

describe('wire conventions', () => {
  it('answers an unknown path with the NOT_FOUND envelope', async () => {
    const res = await svc.post('/v2/nothing/here', {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { status: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('answers another method on an endpoint path with 405 and an error envelope', async () => {
    const res = await svc.fetch(createWorkspace.path, { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('refuses malformed JSON as INVALID_ARGUMENT', async () => {
    const res = await svc.fetch(createWorkspace.path, {
      method: 'POST',
      headers: json,
      body: '{"data": {',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' },
    });
  });

  it('refuses a body over the size limit as INVALID_ARGUMENT', async () => {
    const res = await svc.fetch(createWorkspace.path, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ data: { ownerEmail: 'a@example.com', name: 'x'.repeat(4000) } }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await svc.fetch(createWorkspace.path, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('refuses a body that is not an object', async () => {
    const res = await svc.fetch(createWorkspace.path, {
      method: 'POST',
      headers: json,
      body: '[1,2]',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('names the field a validation error is about', async () => {
    const res = await svc.send(createWorkspace, { ownerEmail: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'data.ownerEmail must be a valid e-mail address',
      },
    });
    const missing = await svc.send(createWorkspace, {});
    expect(missing.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'data.ownerEmail is required' },
    });
  });

  it('gives every answer a request id, and echoes a sane one', async () => {
    const res = await svc.fetch('/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    const other = await svc.fetch('/healthz');
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves a JSON OpenAPI document', async () => {
    const res = await svc.fetch('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openapi: '3.1.0' });
  });
});

describe('authentication levels', () => {
  it('asks for the workspace headers one by one', async () => {
    const none = await svc.send(getWorkspace, {});
    expect(none.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Workspace ID not found in headers.' },
    });
    const idOnly = await svc.send(
      getWorkspace,
      {},
      { headers: { [credentialHeaders.workspaceId]: 'ws_x' } },
    );
    expect(idOnly.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Auth Token not found in headers.' },
    });
  });

  it('tells an unknown workspace from a wrong token', async () => {
    const { workspace } = await createWorkspaceFixture(svc);
    const unknown = await svc.send(
      getWorkspace,
      {},
      { credentials: { kind: 'workspace', id: 'ws_missing', token: workspace.authToken } },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: { status: 'NOT_FOUND', message: 'Workspace not found.' },
    });
    const wrong = await svc.send(
      getWorkspace,
      {},
      { credentials: { kind: 'workspace', id: workspace.id, token: `${workspace.authToken}x` } },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Invalid auth token for workspace.' },
    });
  });

  it('asks for the API-key headers and refuses unknown keys and wrong tokens', async () => {
    const path = getPermissionProviderConfig.path;
    const none = await svc.post(path, {});
    expect(none.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'API key not found in headers.' },
    });
    const keyOnly = await svc.post(path, {}, { [credentialHeaders.apiKey]: 'ak_x' });
    expect(keyOnly.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Auth Token not found in headers.' },
    });
    const a = await createWorkspaceFixture(svc);
    const b = await createWorkspaceFixture(svc);
    const unknown = await svc.send(
      getPermissionProviderConfig,
      {},
      { credentials: { ...a.credentials.apiKey, id: 'ak_unknown' } },
    );
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({
      error: { status: 'PERMISSION_DENIED', message: 'Invalid API key.' },
    });
    const crossed = await svc.send(
      getPermissionProviderConfig,
      {},
      { credentials: { kind: 'apiKey', id: a.apiKey, token: b.credentials.apiKey.token } },
    );
    expect(crossed.status).toBe(401);
    expect(crossed.body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Invalid auth token.' },
    });
  });
});

describe('logs', () => {
  it('never contain a token, even of requests that were refused', async () => {
    const fx = await createWorkspaceFixture(svc);
    await fx.send(getWorkspace, {});
    await svc.send(getWorkspace, {}, { credentials: { ...fx.credentials.workspace, id: 'ws_x' } });
    await fx.send(getPermissionProviderConfig, {});
    const logs = svc.logs.join('');
    expect(logs).toContain(getWorkspace.path);
    expect(logs).not.toContain(fx.workspace.authToken);
    expect(logs).not.toContain(fx.credentials.apiKey.token);
  });
});
