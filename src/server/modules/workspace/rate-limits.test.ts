import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { getEmailVerificationStatus, getWorkspace, sendLoginLink } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    env: {
      RATE_LIMITS: 'on',
      RATE_LIMIT_CREATE_WORKSPACE_MAX: '3',
      RATE_LIMIT_SEND_LOGIN_LINK_MAX: '2',
      RATE_LIMIT_EMAIL_STATUS_MAX: '2',
      RATE_LIMIT_GET_WORKSPACE_MAX: '2',
      RATE_LIMIT_GET_WORKSPACE_WINDOW_MS: '30000',
    },
  });
});
afterAll(() => svc.close());

const limited = (message: string) => ({ error: { status: 'RESOURCE_EXHAUSTED', message } });

it('limits Create Workspace per client address, with Retry-After', async () => {
  await createWorkspaceFixture(svc);
  await createWorkspaceFixture(svc);
  await createWorkspaceFixture(svc);
  const res = await svc.send(createWorkspace, { ownerEmail: uniqueEmail() });
  expect(res.status).toBe(429);
  expect(res.body).toEqual(limited('Rate limit exceeded. Try again after 1 minute.'));
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
});

it('limits Send Login Link and Get Email Verification Status per client address', async () => {
  const link = () =>
    svc.send(sendLoginLink, {
      email: uniqueEmail(),
      continueUrl: 'http://localhost/',
    });
  expect((await link()).status).toBe(200);
  expect((await link()).status).toBe(200);
  expect((await link()).body).toEqual(limited('Rate limit exceeded. Try again after 1 minute.'));

  const status = () => svc.send(getEmailVerificationStatus, { ownerEmail: uniqueEmail() });
  expect((await status()).status).toBe(404);
  expect((await status()).status).toBe(404);
  expect((await status()).status).toBe(429);
});

it('limits Get Workspace with its own window and message', async () => {
  const res = await svc.fetch(getWorkspace.path, { method: 'POST' });
  expect(res.status).toBe(400);
  await svc.fetch(getWorkspace.path, { method: 'POST' });
  const third = await svc.fetch(getWorkspace.path, { method: 'POST' });
  expect(third.status).toBe(429);
  expect(third.body).toEqual(limited('Rate limit exceeded for this endpoint. Try again later.'));
});
