import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import type { DataDeletionJob } from '#contract/user-data';
import {
  type EraseAnswer,
  canaryScan,
  eraseFixture,
  erasePaths,
  erased,
} from './testing/erase-test-client';
import {
  drizzleOf,
  seededDataDir,
  spawnTestService,
  withDataDirDatabase,
} from './testing/process-fixtures';
import { type Literal, describeHits, filesBelow, scanForSecrets } from './testing/secret-scan';
import { freePort } from './testing/service-process';
import {
  type Poster,
  apiKeyHeadersOn,
  paths as webhookPaths,
  remote,
  webhooksOf,
} from './testing/webhook-fixtures';
import { completeLogin, createWorkspace, getWorkspace, sendLoginLink } from '#contract/workspace';
import { getCurrentSession, signOut } from '#contract/sessions';
import { sessionCookieIn } from './testing/session-fixtures';
import {
  getAuthTokens,
  resetAuthToken,
  updateApiKeyConfig,
  updatePermissionProviderConfig,
} from '#contract/api-keys';
import { credentialHeaders, sessionCookieName } from '#contract/credentials';

const dir = await seededDataDir('svc-canary-');

type Body = { result: { data: Record<string, unknown> } };

/** Erases the erase fixture's user in a workspace of its own and waits for the job to end. */
async function eraseUser(svc: Poster): Promise<string> {
  const headers = await apiKeyHeadersOn(svc, 'canary.eraser@example.com');
  await eraseFixture(svc, headers, 'org-1');
  const started = await svc.post<EraseAnswer>(
    erasePaths.erase,
    { userIds: [erased.userId] },
    headers,
  );
  expect(started.status).toBe(202);
  for (;;) {
    const job = await svc.post<{ result: { data: DataDeletionJob } }>(
      erasePaths.status,
      { jobId: started.body.data.jobId },
      headers,
    );
    const { status } = job.body.result.data;
    if (status !== 'pending' && status !== 'in_progress') return status;
    await sleep(50);
  }
}

it.skipIf(process.env.DATABASE_URL)(
  'no secret is in the data directory or the log, nor an erased user’s e-mail in the log or the live data',
  async () => {
    // The seeded directory itself: the service opens the template database it holds.
    const dataDir = dir;
    const logFile = join(dir, 'service.log');
    // Debug logging on purpose: the most a log could ever say.
    const svc = await spawnTestService(
      { DATA_DIR: dataDir, LOG_LEVEL: 'trace' },
      await freePort(),
      logFile,
    );
    const canaries: Literal[] = [];
    const poster = remote(svc.url);
    const post = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
      const res = await poster.post<Body>(path, data, headers);
      expect(res.status, path).toBe(200);
      return res.body.result.data;
    };
    let erasure = '';
    try {
      const email = 'canary.owner@example.com';
      const ws = await post(createWorkspace.path, { ownerEmail: email });
      const wsHeaders = {
        [credentialHeaders.workspaceId]: String(ws.id),
        [credentialHeaders.workspaceToken]: String(ws.authToken),
      };
      canaries.push({ kind: 'workspace token', value: String(ws.authToken) });
      const apiKey = Object.keys(ws.apiKeyList as object)[0] ?? '';
      const tokens = await post(getAuthTokens.path, { apiKey }, wsHeaders);
      const first = (tokens.authTokens as { token: string }[])[0]?.token ?? '';
      canaries.push({ kind: 'API-key token', value: first });
      const reset = await post(resetAuthToken.path, { apiKey }, wsHeaders);
      const token = (reset.newAuthToken as { token: string }).token;
      canaries.push({ kind: 'API-key token', value: token });
      const keyHeaders = {
        [credentialHeaders.apiKey]: apiKey,
        [credentialHeaders.apiKeyToken]: token,
      };
      const aiKey = 'sk-CANARY-ai-key-5f1d2c3b4a';
      const providerToken = 'CANARY-provider-token-9e8d7c';
      canaries.push({ kind: 'AI key', value: aiKey });
      canaries.push({ kind: 'provider token', value: providerToken });
      await post(
        updateApiKeyConfig.path,
        { aiModelApiKey: [{ provider: 'openai', customerApiKey: aiKey }] },
        keyHeaders,
      );
      await post(
        updatePermissionProviderConfig.path,
        { permissionProviderConfig: { authToken: providerToken } },
        keyHeaders,
      );
      // Webhook signing secrets: the first one, and the one a rotation makes.
      const webhooks = webhooksOf(poster, keyHeaders);
      await webhooks.enable();
      const endpoint = await webhooks.createEndpoint({ url: 'https://hooks.example.com/in' });
      canaries.push({ kind: 'webhook secret', value: await webhooks.secret(endpoint.id) });
      await post(webhookPaths.rotate, { endpointId: endpoint.id }, keyHeaders);
      canaries.push({ kind: 'webhook secret', value: await webhooks.secret(endpoint.id) });
      await post(sendLoginLink.path, {
        email,
        continueUrl: 'http://localhost:8787/sign-in',
      });
      const outbox = (await (await fetch(`${svc.url}/dev/outbox`)).json()) as {
        messages: { link: string }[];
      };
      const code = new URL(outbox.messages[0]?.link ?? '').searchParams.get('oobCode') ?? '';
      canaries.push({ kind: 'login code', value: code });
      // The session the sign-in hands out, used on every kind of call and then signed out.
      const signedIn = await poster.post(completeLogin.path, { oobCode: code });
      const session = sessionCookieIn(signedIn.headers) ?? '';
      canaries.push({ kind: 'session token', value: session });
      const cookie = { cookie: `${sessionCookieName}=${session}` };
      const asMember = { ...cookie, [credentialHeaders.workspaceId]: String(ws.id) };
      await post(getCurrentSession.path, {}, cookie);
      await poster.post(getWorkspace.path, {}, asMember);
      await poster.post(getAuthTokens.path, { apiKey }, asMember);
      await poster.post(getWorkspace.path, {}, { ...asMember, origin: 'https://evil.example.com' });
      await post(signOut.path, {}, cookie);
      await poster.post(getCurrentSession.path, {}, cookie);
      erasure = await eraseUser(poster);
    } finally {
      await svc.stop();
    }

    expect(erasure).toBe('completed');
    const values = canaries.map((c) => c.value);
    expect(values.every((c) => c.length > 10)).toBe(true);
    expect(new Set(values).size).toBe(values.length);
    const files = filesBelow(dataDir);
    expect(files).toContain(logFile);
    expect(files.length).toBeGreaterThan(10);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain(resetAuthToken.path);
    expect(log).toContain(webhookPaths.rotate);
    expect(log).toContain(signOut.path);
    // Every file, by value and by form: the secrets this test made and any other token.
    expect(describeHits(scanForSecrets([dataDir], canaries).hits)).toBe('');
    // The erased user's e-mail: not in the log, not in the live data. The database's files still
    // hold it in dead rows and the write-ahead log until those are written over
    // (docs/reliability.md, "Secrets").
    expect(log).not.toContain(erased.email);
    const live = await withDataDirDatabase(dataDir, (db) =>
      canaryScan(drizzleOf(db), [erased.email]),
    );
    expect(live).toEqual([]);
  },
  120_000,
);
