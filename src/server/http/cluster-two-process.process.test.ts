import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoServicesOn } from '../testing/process-fixtures';
import type { ServiceProcess } from '../testing/service-process';
import { postFrom } from '../testing/post-from';
import { apiKeyCredentialsOn, remote } from '../testing/webhook-fixtures';
import { getEmailVerificationStatus, sendLoginLink } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { getApiKeyConfig, getAuthTokens, resetAuthToken } from '#contract/api-keys';
import { type WorkspaceCredentials, headersOf } from '#contract/credentials';

const serverUrl = process.env.DATABASE_URL;

// Two processes cannot open one embedded database: this is a PostgreSQL deployment's test.
describe.runIf(serverUrl)('two service processes on one PostgreSQL', () => {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  let drop: (() => Promise<void>) | undefined;
  const services: ServiceProcess[] = [];
  const LIMIT = 6;
  const PER_RECIPIENT = 3;
  const both = () => {
    const [a, b] = services;
    if (!a || !b) throw new Error('two services expected');
    return [remote(a.url), remote(b.url)] as const;
  };

  beforeAll(async () => {
    const database = await twoServicesOn(serverUrl ?? '', {
      RATE_LIMITS: 'on',
      RATE_LIMIT_EMAIL_STATUS_MAX: String(LIMIT),
      RATE_LIMIT_AUTH_FAILURES_ADDRESS_MAX: String(LIMIT),
      RATE_LIMIT_SEND_LOGIN_LINK_MAX: '100',
      RATE_LIMIT_EMAIL_RECIPIENT_MAX: String(PER_RECIPIENT),
    });
    drop = database.drop;
    services.push(...database.services);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await drop?.();
  });

  it('refuses in B, at once, an API key token that A just reset', async () => {
    const [a, b] = both();
    const ws = await a.send(createWorkspace, { ownerEmail: `cluster-${name}@example.com` });
    const { id, authToken } = ws.body.result.data;
    const apiKey = Object.keys(ws.body.result.data.apiKeyList)[0] ?? '';
    const workspace: WorkspaceCredentials = { kind: 'workspace', id, token: authToken };
    const tokens = await a.send(getAuthTokens, { apiKey }, { credentials: workspace });
    const old = tokens.body.result.data.authTokens[0]?.token ?? '';
    const config = (token: string) =>
      b.send(getApiKeyConfig, undefined, { credentials: { kind: 'apiKey', id: apiKey, token } });
    expect((await config(old)).status, 'B accepts the token before the reset').toBe(200);

    const reset = await a.send(resetAuthToken, { apiKey }, { credentials: workspace });
    expect(reset.status).toBe(200);
    const refused = await config(old);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Invalid auth token.' },
    });
    expect((await config(reset.body.result.data.newAuthToken.token)).status).toBe(200);
  }, 30_000);

  it('shares a rate limit: requests split between A and B meet it at the configured count', async () => {
    const [a, b] = both();
    const status = (svc: typeof a) =>
      svc.send(getEmailVerificationStatus, { ownerEmail: `nobody-${name}@example.com` });
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await status(i % 2 === 0 ? a : b)).status, `request ${i + 1}`).toBe(404);
    }
    const overA = await status(a);
    const overB = await status(b);
    expect([overA.status, overB.status]).toEqual([429, 429]);
    expect(overB.body).toEqual({
      error: {
        status: 'RESOURCE_EXHAUSTED',
        message: 'Rate limit exceeded. Try again after 1 minute.',
      },
    });
    expect(Number(overB.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 30_000);

  const exhausted = {
    error: {
      status: 'RESOURCE_EXHAUSTED',
      message: 'Rate limit exceeded for this endpoint. Try again later.',
    },
  };

  it('shares the count of refused credentials: guesses split between A and B meet it', async () => {
    const [a, b] = services;
    if (!a || !b) throw new Error('two services expected');
    const key = await apiKeyCredentialsOn(remote(a.url), `guessed-${name}@example.com`);
    const right = headersOf(key);
    const wrong = headersOf({ ...key, token: `${key.token}x` });
    const guesser = '127.0.0.77';
    const guess = (svc: ServiceProcess) =>
      postFrom(svc.url, guesser, getApiKeyConfig.path, {}, wrong);
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await guess(i % 2 === 0 ? a : b)).status, `guess ${i + 1}`).toBe(401);
    }
    const [overA, overB] = [await guess(a), await guess(b)];
    expect([overA.body, overB.body]).toEqual([exhausted, exhausted]);
    expect(Number(overB.headers.get('retry-after'))).toBeGreaterThan(0);
    // The key's holder, elsewhere, is not locked out in either process.
    for (const svc of [a, b]) {
      const read = await postFrom(svc.url, '127.0.0.78', getApiKeyConfig.path, {}, right);
      expect(read.status).toBe(200);
    }
  }, 30_000);

  it('shares the per-recipient limit of sign-in e-mails between A and B', async () => {
    const [a, b] = services;
    if (!a || !b) throw new Error('two services expected');
    const email = `inbox-${name}@example.com`;
    const send = (svc: ServiceProcess, i: number) =>
      postFrom(svc.url, `127.0.0.${90 + i}`, sendLoginLink.path, {
        email: i % 2 === 0 ? email : email.replace('@', `+${i}@`),
        continueUrl: 'http://localhost/',
      });
    const statuses = [];
    for (let i = 0; i < PER_RECIPIENT + 2; i += 1) {
      statuses.push((await send(i % 2 === 0 ? a : b, i)).status);
    }
    expect(statuses).toEqual([...Array.from({ length: PER_RECIPIENT }, () => 200), 429, 429]);
  }, 30_000);
});
