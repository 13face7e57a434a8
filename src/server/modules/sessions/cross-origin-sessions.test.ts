import { afterAll, beforeAll, expect, it } from 'vitest';
import { headersOf, sessionCookieName } from '#contract/credentials';
import { getCurrentSession, signOut } from '#contract/sessions';
import { getWorkspace } from '#contract/workspace';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type SignedInPerson, sessionOnly, signIn } from '../../testing/session-fixtures';
import { type TestService, startTestService } from '../../testing/test-service';

/**
 * A console on another origin of the same site (listed in CORS_ORIGINS) signs in with a session:
 * its page may send the cookie, and read the answers, after a preflight; any other origin's page
 * may not use the cookie at all.
 */
const consoleOrigin = 'https://console.example.com';
let svc: TestService;
let fx: WorkspaceFixture;
let owner: SignedInPerson;

beforeAll(async () => {
  svc = await startTestService({ env: { CORS_ORIGINS: consoleOrigin } });
  fx = await createWorkspaceFixture(svc);
  owner = await signIn(svc, fx.workspace.owner.email, { origin: consoleOrigin });
});
afterAll(() => svc.close());

it('lets a listed origin send the cookie after a preflight, and read the answer', async () => {
  const preflight = await svc.fetch(getWorkspace.path, {
    method: 'OPTIONS',
    headers: {
      origin: consoleOrigin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-svc-workspace-id',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
  const read = await svc.send(getWorkspace, undefined, {
    credentials: owner.as(fx.workspace.id),
    headers: { origin: consoleOrigin },
  });
  expect(read.status).toBe(200);
  expect(read.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
  expect(read.headers.get('access-control-allow-credentials')).toBe('true');
});

it('refuses the cookie from an origin that is not listed, even of the same site', async () => {
  for (const origin of ['https://other.example.com', 'http://console.example.com']) {
    const read = await svc.send(getWorkspace, undefined, {
      credentials: owner.as(fx.workspace.id),
      headers: { origin },
    });
    expect(read.status, origin).toBe(403);
    expect(read.headers.get('access-control-allow-credentials')).toBeNull();
  }
});

it('writes no session token to the log, of requests that succeeded or were refused', async () => {
  const cookie = { cookie: `${sessionCookieName}=${owner.cookie}` };
  await svc.send(getCurrentSession, undefined, { credentials: sessionOnly(owner.cookie) });
  await svc.send(getWorkspace, undefined, {
    headers: { ...headersOf(owner.as(fx.workspace.id)), origin: 'https://evil.example.net' },
  });
  await svc.send(getWorkspace, undefined, { headers: cookie });
  await svc.send(signOut, undefined, { credentials: sessionOnly(owner.cookie) });
  await svc.send(getCurrentSession, undefined, { credentials: sessionOnly(owner.cookie) });
  const logs = svc.logs.join('');
  expect(logs).toContain(signOut.path);
  expect(logs).not.toContain(owner.cookie);
  expect(logs).not.toMatch(/sst_[\w-]{43}/);
});
