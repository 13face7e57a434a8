import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteDir, suiteLog } from '../testing/process-fixtures';
import { freePort, spawnService } from '../testing/service-process';

// Inside the project, so that the compiled module finds node_modules as dist-server/ does.
const outDir = `dist-server-test-${process.pid}`;
const entry = join(outDir, 'main.mjs');
const dataDir = suiteDir('svc-compiled-');

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', outDir], {
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the compiled service', () => {
  it('is one module with the SQL migrations beside it', () => {
    expect(existsSync(entry)).toBe(true);
    expect(existsSync(join(outDir, 'migrations', 'meta', '_journal.json'))).toBe(true);
  });

  it('starts with plain Node on a fresh database, migrates it and answers', async () => {
    // The embedded database, also when the suite runs on PostgreSQL: this is about the build.
    const svc = await spawnService(
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      await freePort(),
      suiteLog(),
      [entry],
    );
    try {
      const health = await fetch(`${svc.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
      const created = await fetch(`${svc.url}/v2/workspace/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { ownerEmail: 'compiled@example.com' } }),
      });
      expect(created.status).toBe(200);
      expect(created.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await svc.stop();
    }
    // Creating the embedded database takes seconds, more on a busy machine.
  }, 90_000);

  it('refuses to start in local-outbox mode on a non-loopback HOST', () => {
    const run = spawnSync(process.execPath, [entry], {
      env: { ...process.env, HOST: '0.0.0.0', SMTP_URL: '', ALLOW_REMOTE_OUTBOX: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ALLOW_REMOTE_OUTBOX=true');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
