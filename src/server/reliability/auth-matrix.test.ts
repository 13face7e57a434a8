import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyEndpoint, type AuthLevel, pathsOf } from '#contract/endpoint';
import { allEndpoints } from '#contract/endpoints';
import { type ErrorStatus, errorHttpStatus } from '#contract/errors';
import { adminCases } from '#contract/testing/admin-cases';
import { dataCases } from '#contract/testing/data-cases';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { type TestService, startTestService } from '../testing/test-service';
import { resetAuthToken } from '#contract/api-keys';
import {
  type ApiKeyCredentials,
  credentialHeaders,
  headersOf,
  sessionCookieName,
} from '#contract/credentials';

/**
 * Every endpoint, whatever its access level, with every way of presenting wrong credentials:
 * none, one header of two, malformed values, another tenant's token, a token replaced by Reset
 * Auth Token, and the other level's credentials. The answer is the status and message that the
 * specification and DESIGN.md give; public endpoints answer as if no credentials were sent.
 * There is no endpoint that deletes a key or a workspace: the reset key stands for a revoked one.
 */
let svc: TestService;
let a: WorkspaceFixture;
let b: WorkspaceFixture;
/** Workspace A's key token from before Reset Auth Token replaced it. */
let resetToken: string;
/** Workspace A's key with the token Reset Auth Token gave it. */
let aKey: ApiKeyCredentials;
beforeAll(async () => {
  svc = await startTestService();
  a = await createWorkspaceFixture(svc);
  b = await createWorkspaceFixture(svc);
  resetToken = a.credentials.apiKey.token;
  const reset = await a.send(resetAuthToken, { apiKey: a.apiKey });
  aKey = { ...a.credentials.apiKey, token: reset.body.result.data.newAuthToken.token };
});
afterAll(() => svc.close());

const samples: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
  ...adminCases,
  ...dataCases,
};

it('has a sample request for every endpoint, so that a new endpoint is covered', () => {
  expect(allEndpoints.filter((e) => !samples[e.name]?.valid.length).map((e) => e.name)).toEqual([]);
});

interface Fault {
  name: string;
  headers: () => Record<string, string>;
  status: ErrorStatus;
  message: string;
}

const long = 'k'.repeat(8_000);
const apiKeyFaults: Fault[] = [
  {
    name: 'no credentials',
    headers: () => ({}),
    status: 'INVALID_ARGUMENT',
    message: 'API key not found in headers.',
  },
  {
    name: 'the token alone',
    headers: () => ({
      [credentialHeaders.apiKeyToken]: aKey.token,
    }),
    status: 'INVALID_ARGUMENT',
    message: 'API key not found in headers.',
  },
  {
    name: 'the key alone',
    headers: () => ({ [credentialHeaders.apiKey]: a.apiKey }),
    status: 'INVALID_ARGUMENT',
    message: 'Auth Token not found in headers.',
  },
  {
    name: 'a key of blanks',
    headers: () => ({ ...headersOf(aKey), [credentialHeaders.apiKey]: '   ' }),
    status: 'INVALID_ARGUMENT',
    message: 'API key not found in headers.',
  },
  {
    name: 'a malformed key',
    headers: () => ({
      ...headersOf(aKey),
      [credentialHeaders.apiKey]: `ak_'; drop table api_keys; --${long}`,
    }),
    status: 'PERMISSION_DENIED',
    message: 'Invalid API key.',
  },
  {
    name: 'a malformed token',
    headers: () => ({ ...headersOf(aKey), [credentialHeaders.apiKeyToken]: `not.a.token${long}` }),
    status: 'UNAUTHENTICATED',
    message: 'Invalid auth token.',
  },
  {
    name: 'another tenant’s token',
    headers: () => ({
      ...headersOf(aKey),
      [credentialHeaders.apiKeyToken]: b.credentials.apiKey.token,
    }),
    status: 'UNAUTHENTICATED',
    message: 'Invalid auth token.',
  },
  {
    name: 'the token Reset Auth Token replaced',
    headers: () => ({ ...headersOf(aKey), [credentialHeaders.apiKeyToken]: resetToken }),
    status: 'UNAUTHENTICATED',
    message: 'Invalid auth token.',
  },
  {
    name: 'workspace credentials',
    headers: () => headersOf(a.credentials.workspace),
    status: 'INVALID_ARGUMENT',
    message: 'API key not found in headers.',
  },
  {
    name: 'the workspace id and token in the API-key headers',
    headers: () => ({
      [credentialHeaders.apiKey]: a.workspace.id,
      [credentialHeaders.apiKeyToken]: a.workspace.authToken,
    }),
    status: 'PERMISSION_DENIED',
    message: 'Invalid API key.',
  },
];

const workspaceFaults: Fault[] = [
  {
    name: 'no credentials',
    headers: () => ({}),
    status: 'INVALID_ARGUMENT',
    message: 'Workspace ID not found in headers.',
  },
  {
    name: 'the token alone',
    headers: () => ({ [credentialHeaders.workspaceToken]: a.workspace.authToken }),
    status: 'INVALID_ARGUMENT',
    message: 'Workspace ID not found in headers.',
  },
  {
    name: 'the id alone',
    headers: () => ({ [credentialHeaders.workspaceId]: a.workspace.id }),
    status: 'INVALID_ARGUMENT',
    message: 'Auth Token not found in headers.',
  },
  {
    name: 'a malformed token',
    headers: () => ({
      ...headersOf(a.credentials.workspace),
      [credentialHeaders.workspaceToken]: `not.a.token${long}`,
    }),
    status: 'UNAUTHENTICATED',
    message: 'Invalid auth token for workspace.',
  },
  {
    name: 'another tenant’s token',
    headers: () => ({
      ...headersOf(a.credentials.workspace),
      [credentialHeaders.workspaceToken]: b.workspace.authToken,
    }),
    status: 'UNAUTHENTICATED',
    message: 'Invalid auth token for workspace.',
  },
  {
    name: 'an unknown workspace with a well-formed token',
    headers: () => ({
      ...headersOf(b.credentials.workspace),
      [credentialHeaders.workspaceId]: `ws_unknown${long}`,
    }),
    status: 'NOT_FOUND',
    message: 'Workspace not found.',
  },
  {
    name: 'API-key credentials',
    headers: () => headersOf(aKey),
    status: 'INVALID_ARGUMENT',
    message: 'Workspace ID not found in headers.',
  },
  {
    name: 'the API key and its token in the workspace headers',
    headers: () => ({
      [credentialHeaders.workspaceId]: a.apiKey,
      [credentialHeaders.workspaceToken]: aKey.token,
    }),
    status: 'NOT_FOUND',
    message: 'Workspace not found.',
  },
];

const signedOut = 'Not signed in. Sign in first.';
/** The endpoints about the signed-in person take a session cookie and nothing else. */
const sessionFaults: Fault[] = [
  { name: 'no credentials', headers: () => ({}), status: 'UNAUTHENTICATED', message: signedOut },
  {
    name: 'workspace credentials',
    headers: () => headersOf(a.credentials.workspace),
    status: 'UNAUTHENTICATED',
    message: signedOut,
  },
  {
    name: 'API-key credentials',
    headers: () => headersOf(a.credentials.apiKey),
    status: 'UNAUTHENTICATED',
    message: signedOut,
  },
  {
    name: 'a cookie that was never a session',
    headers: () => ({ cookie: `${sessionCookieName}=sst_${'A'.repeat(43)}` }),
    status: 'UNAUTHENTICATED',
    message: 'Session expired. Sign in again.',
  },
  {
    name: 'a malformed cookie',
    headers: () => ({ cookie: `${sessionCookieName}=x'; drop table sessions; --${long}` }),
    status: 'UNAUTHENTICATED',
    message: 'Session expired. Sign in again.',
  },
];

const faultsOf: Record<AuthLevel, Fault[]> = {
  apiKey: apiKeyFaults,
  workspace: workspaceFaults,
  session: sessionFaults,
  public: [...apiKeyFaults, ...workspaceFaults, ...sessionFaults],
};

const expected = (e: AnyEndpoint, status: ErrorStatus, message: string) => ({
  error: { status, message, ...(e.numericErrorCode ? { code: errorHttpStatus[status] } : {}) },
});

describe.each(allEndpoints.map((e) => [e.name, e.auth, e] as const))('%s (%s)', (_n, _a, e) => {
  if (e.auth === 'public') {
    it('answers as if no credentials were sent, whatever credentials come', async () => {
      // A sample the contract refuses: refused the same way every time, whatever was stored.
      const sample = samples[e.name]?.invalid.at(-1);
      const bare = await svc.post(e.path, sample);
      expect(bare.status).toBe(400);
      for (const path of pathsOf(e)) {
        for (const fault of faultsOf.public) {
          const res = await svc.post(path, sample, fault.headers());
          expect({ fault: fault.name, status: res.status, body: res.body }).toEqual({
            fault: fault.name,
            status: bare.status,
            body: bare.body,
          });
        }
      }
    });
    return;
  }

  it('answers every credential fault with its status and message, at every path', async () => {
    const sample = samples[e.name]?.valid[0];
    for (const path of pathsOf(e)) {
      for (const fault of faultsOf[e.auth]) {
        const res = await svc.post(path, sample, fault.headers());
        expect({ path, fault: fault.name, status: res.status, body: res.body }).toEqual({
          path,
          fault: fault.name,
          status: errorHttpStatus[fault.status],
          body: expected(e, fault.status, fault.message),
        });
      }
    }
  });
});
