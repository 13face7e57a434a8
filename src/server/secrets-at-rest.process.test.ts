import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { seededDataDir, spawnTestService } from './testing/process-fixtures';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './testing/service-process';

const dir = await seededDataDir('svc-canary-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function filesBelow(path: string): string[] {
  return readdirSync(path).flatMap((name) => {
    const full = join(path, name);
    return statSync(full).isDirectory() ? filesBelow(full) : [full];
  });
}

type Body = { result: { data: Record<string, unknown> } };

it.skipIf(process.env.DATABASE_URL)(
  'no token, AI key or login code is found in the database files or the logs',
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
    const canaries: string[] = [];
    const post = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(svc.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ data }),
      });
      expect(res.status, path).toBe(200);
      return ((await res.json()) as Body).result.data;
    };
    try {
      const email = 'canary.owner@example.com';
      const ws = await post('/v2/workspace/create', { ownerEmail: email });
      const wsHeaders = {
        'x-svc-workspace-id': String(ws.id),
        'x-svc-workspace-auth-token': String(ws.authToken),
      };
      canaries.push(String(ws.authToken));
      const apiKey = Object.keys(ws.apiKeyList as object)[0] ?? '';
      const tokens = await post('/v2/workspace/authtokens/get', { apiKey }, wsHeaders);
      const first = (tokens.authTokens as { token: string }[])[0]?.token ?? '';
      canaries.push(first);
      const reset = await post('/v2/workspace/authtoken/reset', { apiKey }, wsHeaders);
      const token = (reset.newAuthToken as { token: string }).token;
      canaries.push(token);
      const keyHeaders = { 'x-svc-api-key': apiKey, 'x-svc-auth-token': token };
      const aiKey = 'sk-CANARY-ai-key-5f1d2c3b4a';
      const providerToken = 'CANARY-provider-token-9e8d7c';
      canaries.push(aiKey, providerToken);
      await post(
        '/v2/workspace/apikeyconfig/update',
        { aiModelApiKey: [{ provider: 'openai', customerApiKey: aiKey }] },
        keyHeaders,
      );
      await post(
        '/v2/workspace/permissionproviderconfig/update',
        { permissionProviderConfig: { authToken: providerToken } },
        keyHeaders,
      );
      await post('/v2/workspace/email/send-login-link', {
        email,
        continueUrl: 'http://localhost:8787/sign-in',
      });
      const outbox = (await (await fetch(`${svc.url}/dev/outbox`)).json()) as {
        messages: { link: string }[];
      };
      const code = new URL(outbox.messages[0]?.link ?? '').searchParams.get('oobCode') ?? '';
      canaries.push(code);
      await post('/v2/workspace/email/complete-login', { oobCode: code });
    } finally {
      await svc.stop();
    }

    expect(canaries.every((c) => c.length > 10)).toBe(true);
    const files = filesBelow(dataDir);
    expect(files).toContain(logFile);
    expect(files.length).toBeGreaterThan(10);
    expect(readFileSync(logFile, 'utf8')).toContain('/v2/workspace/authtoken/reset');
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const canary of canaries) {
        // latin1 keeps every byte, so a secret stored in any text encoding is still found.
        expect(bytes.toString('latin1').includes(canary), `${canary} in ${file}`).toBe(false);
      }
    }
  },
  120_000,
);
