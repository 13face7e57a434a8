import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyServerDatabase, spawnTestService } from '../testing/process-fixtures';
import { type ServiceProcess, freePort } from '../testing/service-process';

const serverUrl = process.env.DATABASE_URL;

// The embedded database is opened by one process only (its directory is claimed): PostgreSQL's.
describe.runIf(serverUrl)('several processes started at once on an empty PostgreSQL', () => {
  const services: ServiceProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await drop?.();
  });

  it('migrates once: all three become healthy, each migration recorded once', async () => {
    const database = await emptyServerDatabase(serverUrl ?? '');
    drop = database.drop;
    const env = { DATABASE_URL: database.url, SVC_MASTER_KEY: randomBytes(32).toString('base64') };
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const started = await Promise.allSettled(ports.map((port) => spawnTestService(env, port)));
    for (const s of started) if (s.status === 'fulfilled') services.push(s.value);
    expect(started.map((s) => (s.status === 'fulfilled' ? 'healthy' : String(s.reason)))).toEqual([
      'healthy',
      'healthy',
      'healthy',
    ]);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ runs: number; hashes: number }>(
        'select count(*)::int as runs, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
      );
      expect(rows[0]?.runs).toBe(rows[0]?.hashes);
    } finally {
      await client.end();
    }
    // Each answers a call that reads the migrated schema.
    for (const s of services) {
      const res = await fetch(`${s.url}/v2/workspace/email/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { ownerEmail: 'nobody@example.com' } }),
      });
      expect(res.status).toBe(404);
    }
  }, 120_000);
});
