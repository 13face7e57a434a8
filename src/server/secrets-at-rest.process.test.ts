import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { deleteAllUserData } from '#contract/user-data';
import { canaryScan, eraseFixture, erased, waitForDeletionJob } from './testing/erase-fixtures';
import {
  drizzleOf,
  seededDataDir,
  spawnTestService,
  withDataDirDatabase,
} from './testing/process-fixtures';
import { dataOf } from './testing/replies';
import { type Literal, describeHits, filesBelow, scanForSecrets } from './testing/secret-scan';
import { freePort } from './testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from './testing/webhook-fixtures';
import { getWorkspace, sendLoginLink } from '#contract/workspace';
import { completeLogin, createWorkspace } from '#contract/workspace-access';
import { getCurrentSession, signOut } from '#contract/sessions';
import { sessionCookieIn } from './testing/session-fixtures';
import {
  getAuthTokens,
  resetAuthToken,
  updateApiKeyConfig,
  updatePermissionProviderConfig,
} from '#contract/api-keys';
import type {
  ApiKeyCredentials,
  SessionCredentials,
  WorkspaceCredentials,
} from '#contract/credentials';
import { rotateAdvancedWebhookEndpointSecret } from '#contract/webhook-deliveries';

const dir = await seededDataDir('svc-canary-');

/** Erases the erase fixture's user in a workspace of its own and waits for the job to end. */
async function eraseUser(url: string): Promise<string> {
  const key = await apiKeyCredentialsOn(remote(url), 'canary.eraser@example.com');
  const client = remote(url, [key]);
  await eraseFixture(client, 'org-1');
  const started = await client.send(deleteAllUserData, { userIds: [erased.userId] });
  expect(started.status).toBe(202);
  return (await waitForDeletionJob(client, started.body.data.jobId)).status;
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
    const client = remote(svc.url);
    let erasure = '';
    try {
      const email = 'canary.owner@example.com';
      const ws = dataOf(await client.send(createWorkspace, { ownerEmail: email }));
      const workspace: WorkspaceCredentials = {
        kind: 'workspace',
        id: ws.id,
        token: ws.authToken,
      };
      canaries.push({ kind: 'workspace token', value: ws.authToken });
      const apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
      const asWorkspace = { credentials: workspace };
      const tokens = dataOf(await client.send(getAuthTokens, { apiKey }, asWorkspace));
      const first = tokens.authTokens[0]?.token ?? '';
      canaries.push({ kind: 'API-key token', value: first });
      const reset = dataOf(await client.send(resetAuthToken, { apiKey }, asWorkspace));
      const token = reset.newAuthToken.token;
      canaries.push({ kind: 'API-key token', value: token });
      const key: ApiKeyCredentials = { kind: 'apiKey', id: apiKey, token };
      const keyClient = remote(svc.url, [key]);
      const aiKey = 'sk-CANARY-ai-key-5f1d2c3b4a';
      const providerToken = 'CANARY-provider-token-9e8d7c';
      canaries.push({ kind: 'AI key', value: aiKey });
      canaries.push({ kind: 'provider token', value: providerToken });
      dataOf(
        await keyClient.send(updateApiKeyConfig, {
          aiModelApiKey: [{ provider: 'openai', customerApiKey: aiKey }],
        }),
      );
      dataOf(
        await keyClient.send(updatePermissionProviderConfig, {
          permissionProviderConfig: { authToken: providerToken },
        }),
      );
      // Webhook signing secrets: the first one, and the one a rotation makes.
      const webhooks = webhooksOf(keyClient);
      await webhooks.enable();
      const endpoint = await webhooks.createEndpoint({ url: 'https://hooks.example.com/in' });
      canaries.push({ kind: 'webhook secret', value: await webhooks.secret(endpoint.id) });
      dataOf(
        await keyClient.send(rotateAdvancedWebhookEndpointSecret, { endpointId: endpoint.id }),
      );
      canaries.push({ kind: 'webhook secret', value: await webhooks.secret(endpoint.id) });
      dataOf(
        await client.send(sendLoginLink, { email, continueUrl: 'http://localhost:8787/sign-in' }),
      );
      const outbox = (await (await fetch(`${svc.url}/dev/outbox`)).json()) as {
        messages: { link: string }[];
      };
      const code = new URL(outbox.messages[0]?.link ?? '').searchParams.get('oobCode') ?? '';
      canaries.push({ kind: 'login code', value: code });
      // The session the sign-in hands out, used on every kind of call and then signed out.
      const signedIn = await client.send(completeLogin, { oobCode: code });
      const session = sessionCookieIn(signedIn.headers) ?? '';
      canaries.push({ kind: 'session token', value: session });
      const person: SessionCredentials = { kind: 'session', cookie: session };
      const asMember = { credentials: { ...person, workspaceId: ws.id } };
      await client.send(getCurrentSession, {}, { credentials: person });
      await client.send(getWorkspace, {}, asMember);
      await client.send(getAuthTokens, { apiKey }, asMember);
      const foreign = { headers: { origin: 'https://evil.example.com' } };
      await client.send(getWorkspace, {}, { ...asMember, ...foreign });
      await client.send(signOut, {}, { credentials: person });
      await client.send(getCurrentSession, {}, { credentials: person });
      erasure = await eraseUser(svc.url);
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
    expect(log).toContain(rotateAdvancedWebhookEndpointSecret.path);
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
