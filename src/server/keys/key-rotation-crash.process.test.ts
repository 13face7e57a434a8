import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { KeyRing } from '../crypto/key-ring';
import { newSigningSecret } from '../crypto/webhook-signing-secret';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';
import * as schema from '../db/schema/schema';
import {
  drizzleOf,
  emptyServerDatabase,
  seededDataDir,
  spawnTestService,
  suiteLog,
  withDataDirDatabase,
} from '../testing/process-fixtures';
import { type ServiceProcess, freePort } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import type { ApiKeyCredentials } from '#contract/credentials';
import { sealedColumns } from './sealed-columns';
import { countNotCurrent } from './sealed-store';
import { KEY_ROTATION_JOB } from './rotation-job';

const serverUrl = process.env.DATABASE_URL;
const oldKey = randomBytes(32).toString('base64');
const newKey = randomBytes(32).toString('base64');
const ringOf = (key: string) => new KeyRing(Buffer.from(key, 'base64'));
/** Endpoints sealed under the old key beside what the service seals itself. */
const SEEDED = 600;
/** Small batches with a pause between them: the kill lands well inside the rotation. */
const slowRotation = {
  SVC_MASTER_KEY: newKey,
  SVC_PREVIOUS_MASTER_KEYS: oldKey,
  KEY_ROTATION_BATCH_SIZE: '20',
  KEY_ROTATION_PAUSE_MS: '60',
  LOG_LEVEL: 'info',
};
const BATCH_LINE = /"msg":"master key rotation: batch"/g;
const FINISHED = 'master key rotation finished';

/** The database under test, opened while no service holds it (embedded) or beside them. */
type WithDb = <T>(work: (db: Db) => Promise<T>) => Promise<T>;

function logOf(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Rows the rotation sealed again, by the batch lines of one log. */
function resealedIn(file: string): number {
  return [...logOf(file).matchAll(/"resealed":(\d+)[^\n]*master key rotation: batch/g)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
}

async function waitForLog(files: string[], test: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const hit = files.find((file) => test(logOf(file)));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no such log line in ${files.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const batches = (text: string) => text.match(BATCH_LINE)?.length ?? 0;
const seededBatches = (text: string) =>
  text
    .split('\n')
    .filter(
      (line) =>
        line.includes('"msg":"master key rotation: batch"') &&
        line.includes('"column":"webhook_endpoints.secret_enc"'),
    ).length;

/** A key with webhooks on and one endpoint made through the API, under the old master key. */
async function firstLife(env: Record<string, string>) {
  const svc = await spawnTestService({ ...env, SVC_MASTER_KEY: oldKey }, await freePort());
  try {
    const key = await apiKeyCredentialsOn(remote(svc.url), `rotation.${Date.now()}@example.com`);
    const wh = webhooksOf(remote(svc.url, [key]));
    await wh.enable();
    const endpoint = await wh.createEndpoint({ url: 'https://hooks.example.com/in' });
    return { key, endpointId: endpoint.id, secret: await wh.secret(endpoint.id) };
  } finally {
    await svc.stop();
  }
}

/** `SEEDED` endpoints of the key whose secrets are sealed under the old key; answers them. */
async function seed(db: Db, apiKeyId: string): Promise<Map<string, string>> {
  const ring = ringOf(oldKey);
  const secrets = new Map(
    Array.from({ length: SEEDED }, (_, i) => [
      `ep_rotation${String(i).padStart(4, '0')}`,
      newSigningSecret(),
    ]),
  );
  const rows = [...secrets].map(
    ([id, secret]) =>
      sql`(${id}, ${apiKeyId}, 'https://hooks.example.com/in', ${ring.encrypt(secret)}, now(), now())`,
  );
  await db.execute(sql`
    insert into webhook_endpoints (id, api_key_id, url, secret_enc, created_at, updated_at)
    values ${sql.join(rows, sql`, `)}`);
  return secrets;
}

async function notCurrent(db: Db): Promise<number> {
  let n = 0;
  for (const col of sealedColumns) n += await countNotCurrent(db, col, ringOf(newKey));
  return n;
}

/** Every seeded secret as the new key alone opens it. */
async function openedWithNewKey(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const ring = ringOf(newKey);
  const rows = await rowsOf<{ id: string; sealed: string }>(
    db,
    sql`select id, secret_enc as sealed from webhook_endpoints where id like 'ep_rotation%' order by id`,
  );
  const opened = new Map(rows.map((r) => [r.id, ring.decrypt(r.sealed)]));
  expect([...opened.keys()]).toEqual([...ids].sort());
  return opened;
}

/** The secrets as the service serves them (Get Endpoint Secret), for the first and a few seeded. */
async function servedSecrets(
  url: string,
  key: ApiKeyCredentials,
  expected: [string, string][],
): Promise<void> {
  const wh = webhooksOf(remote(url, [key]));
  for (const [id, secret] of expected) expect(await wh.secret(id)).toBe(secret);
}

describe.skipIf(serverUrl)(
  'rotating the master key of the embedded database across kill -9',
  () => {
    it('finishes after a kill mid-rotation, every secret readable and none sealed twice', async () => {
      const dataDir = await seededDataDir('svc-rotation-');
      const env = { DATA_DIR: dataDir };
      const withDb: WithDb = (work) => withDataDirDatabase(dataDir, (db) => work(drizzleOf(db)));
      const first = await firstLife(env);
      const seeded = await withDb((db) => seed(db, first.key.id));

      const port = await freePort();
      const killedLog = suiteLog();
      const killed = await spawnTestService({ ...env, ...slowRotation }, port, killedLog);
      try {
        // Three batches of the seeded column itself: the columns before it hold a handful of
        // secrets, whose batches may all be logged before any seeded secret is sealed again.
        await waitForLog([killedLog], (text) => seededBatches(text) >= 3);
      } finally {
        await killed.stop('SIGKILL');
      }
      const left = await withDb(notCurrent);
      expect(left, 'the kill left secrets under the old key').toBeGreaterThan(0);
      expect(left).toBeLessThan(SEEDED);

      // The new key alone while old secrets remain: the process ends at once, saying why.
      const refusedLog = suiteLog();
      await expect(
        spawnTestService({ ...env, SVC_MASTER_KEY: newKey }, port, refusedLog),
      ).rejects.toThrow(/exited with 1/);
      expect(logOf(refusedLog)).toMatch(
        /master key: .* sealed under master key [\w-]{8}, which is not configured/,
      );
      const resumedLog = suiteLog();
      const resumed = await spawnTestService(
        { ...env, SVC_MASTER_KEY: newKey, SVC_PREVIOUS_MASTER_KEYS: oldKey, LOG_LEVEL: 'info' },
        port,
        resumedLog,
      );
      try {
        await waitForLog([resumedLog], (text) => text.includes(FINISHED));
        await servedSecrets(resumed.url, first.key, [
          [first.endpointId, first.secret],
          ...[...seeded].slice(0, 5),
        ]);
      } finally {
        await resumed.stop();
      }
      // The second life sealed again exactly what the first had left: nothing twice.
      expect(resealedIn(resumedLog)).toBe(left);
      await withDb(async (db) => {
        expect(await notCurrent(db)).toBe(0);
        expect(await openedWithNewKey(db, seeded.keys())).toEqual(seeded);
      });
    }, 120_000);
  },
);

describe.runIf(serverUrl)('rotating the master key with two processes on PostgreSQL', () => {
  it('runs the rotation once across both, and the survivor of a kill finishes it', async () => {
    const database = await emptyServerDatabase(serverUrl ?? '');
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    const services: ServiceProcess[] = [];
    try {
      const env = { DATABASE_URL: database.url };
      const first = await firstLife(env);
      const seeded = await seed(db, first.key.id);
      // Leases short enough that the survivor takes the killed process's run over in seconds.
      const shared = {
        ...env,
        ...slowRotation,
        SVC_TEST_JOBS: 'on',
        SVC_TEST_JOBS_LEASE_MS: '1500',
      };
      const logs = [suiteLog(), suiteLog()];
      // The database is migrated already: both start at once, and both ask for the rotation.
      services.push(
        ...(await Promise.all(
          logs.map(async (log) => spawnTestService(shared, await freePort(), log)),
        )),
      );
      const busyLog = await waitForLog(logs, (text) => batches(text) >= 3);
      const busy = logs.indexOf(busyLog);
      const survivorLog = logs[1 - busy] ?? '';
      expect(batches(logOf(survivorLog)), 'one process runs the rotation at a time').toBe(0);
      await services[busy]?.stop('SIGKILL');
      // A statement the server had already taken commits even though its client died.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const left = await notCurrent(db);
      expect(left).toBeGreaterThan(0);
      await waitForLog([survivorLog], (text) => text.includes(FINISHED));
      expect(resealedIn(survivorLog)).toBe(left);
      expect(await notCurrent(db)).toBe(0);
      expect(await openedWithNewKey(db, seeded.keys())).toEqual(seeded);
      const runs = await rowsOf<{ status: string; attempts: number }>(
        db,
        sql`
        select j.status, t.attempts from jobs j join job_tasks t on t.job_id = j.id
        where j.kind = ${KEY_ROTATION_JOB}`,
      );
      // One run, taken up once after the kill.
      expect(runs).toEqual([{ status: 'completed', attempts: 2 }]);
      await servedSecrets(services[1 - busy]?.url ?? '', first.key, [
        [first.endpointId, first.secret],
        ...[...seeded].slice(0, 5),
      ]);
    } finally {
      await Promise.all(services.map((s) => s.stop('SIGKILL')));
      await pool.end();
      await database.drop();
    }
  }, 120_000);
});
