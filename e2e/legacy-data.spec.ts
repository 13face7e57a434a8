import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/connection';
import {
  apiKeyCredentials,
  authToken,
  createWorkspace,
  post,
  uniqueEmail,
} from './support/service';
import { expectNoSidewaysScroll, seedSession } from './support/pages';
import { updateApiKeyConfig } from '#contract/api-keys';

/**
 * Data an earlier version stored that today's rules refuse: the console still shows it whole
 * and within the page. A service of its own, so that the test can write its database directly
 * between two runs (the suite's shared service holds its database for the whole run).
 */

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The built service (`npm run build`), as the suite's own runs it, on its own data directory. */
async function startService(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist-server/main.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      CONSOLE_DIR: process.env.E2E_CONSOLE_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
    },
    stdio: 'ignore',
  });
  await expect(async () => {
    expect(child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }).toPass({ timeout: 60_000 });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

test(
  'a 300-character AI provider name stored by an earlier version is shown cut, whole on hover, and the page does not scroll sideways',
  { tag: '@alone' },
  async ({ page, playwright }) => {
    test.setTimeout(120_000);
    const dataDir = test.info().outputPath('data');
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const request = await playwright.request.newContext({ baseURL });
    const provider = `legacy${'x'.repeat(294)}`;

    let service = await startService(dataDir, port);
    try {
      const workspace = await createWorkspace(request, { ownerEmail: uniqueEmail('legacy') });
      const [key] = Object.values(workspace.apiKeyList);
      if (!key) throw new Error('the workspace has no key');
      const headers = apiKeyCredentials(key.id, await authToken(request, workspace, key.id));
      const saved = await post(
        request,
        updateApiKeyConfig,
        {
          aiModelApiKey: [{ provider: 'openai', customerApiKey: 'sk-live-0123456789abcdef' }],
        },
        headers,
      );
      expect(saved.httpStatus, saved.message).toBe(200);
      // Today's rule refuses the name, so it goes in as the version before the rule stored it.
      const refused = await post(
        request,
        updateApiKeyConfig,
        {
          aiModelApiKey: [{ provider, customerApiKey: 'sk-live-0123456789abcdef' }],
        },
        headers,
      );
      expect(refused.httpStatus).toBe(400);
      await stop(service);
      const database = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pgdata` });
      try {
        await database.db.execute(sql`
          update api_key_configs
          set ai_keys = ai_keys || jsonb_build_object(${provider}::text, ai_keys -> 'openai')
          where api_key_id = ${key.id}`);
      } finally {
        await database.close();
      }
      service = await startService(dataDir, port);

      for (const size of [
        { width: 1280, height: 720 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        await seedSession(page, workspace);
        await page.goto(`${baseURL}/keys/${key.id}/config`);
        const stored = page.getByRole('list', { name: 'Stored AI provider keys' });
        await expect(stored.getByRole('listitem')).toHaveCount(2);
        const name = stored.getByTitle(provider);
        await expect(name).toHaveText(provider);
        // Cut to the row, not widening it: the name is wider than it is shown.
        const box = await name.evaluate((element) => ({
          shown: element.clientWidth,
          whole: element.scrollWidth,
          row: element.parentElement?.clientWidth ?? 0,
        }));
        expect(box.whole).toBeGreaterThan(box.shown);
        expect(box.shown).toBeLessThan(box.row);
        await expect(stored.getByText('sk-••••cdef').first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expect(page.getByText(/can be replaced but not removed/)).toBeVisible();
      }
    } finally {
      await stop(service);
      await request.dispose();
    }
  },
);
