import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FullConfig } from '@playwright/test';
import { scanRunRoot } from '#server/testing/secret-scan';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Playwright stops its web server after this teardown, and with SIGKILL: the service is stopped
 * here first (SIGTERM to scripts/e2e-server.mjs, which passes it on), so that its database is
 * closed and its output written when the scan reads them.
 */
async function stopService(root: string): Promise<void> {
  const pidFile = join(root, 'server.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (!running(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (running(pid)) {
    if (Date.now() > deadline) throw new Error(`the e2e service (pid ${pid}) did not stop in 30 s`);
    await sleep(50);
  }
}

/** The end of the e2e run: the service's data directory and output, scanned for secrets. */
// eslint-disable-next-line no-restricted-syntax -- Playwright wants a default export here
export default async function globalTeardown(config: FullConfig): Promise<void> {
  const root = config.webServer?.env?.E2E_ROOT;
  if (!root || !existsSync(root)) return;
  await stopService(root);
  scanRunRoot(root, 'e2e tests');
}
