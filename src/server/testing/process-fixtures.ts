import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { PGLITE_EXTENSIONS } from '../db/connection';
import type { Db } from '../db/db';
import * as schema from '../db/schema/schema';
import { type ServiceProcess, freePort, spawnService } from './service-process';

/**
 * A new directory below the run's suite root (`process-setup.ts`): it stays until the end of the
 * run, when the secret scan reads every file below the root, and then goes with the root.
 */
export function suiteDir(prefix: string): string {
  return mkdtempSync(join(inject('suiteRoot'), prefix));
}

let logs = 0;

/**
 * A log file below the suite root for a service that a test starts without naming one: what a
 * service logs is scanned for secrets like its data, and it no longer mixes with Vitest's output.
 */
export function suiteLog(): string {
  const dir = join(inject('suiteRoot'), 'logs');
  mkdirSync(dir, { recursive: true });
  const test = basename(expect.getState().testPath ?? 'service', '.process.test.ts');
  logs += 1;
  return join(dir, `${test}-${process.pid}-${logs}.log`);
}

/**
 * A data directory holding the migrated template database, unpacked where the service looks
 * (`DATA_DIR/pgdata`): a fresh embedded database costs seconds of initdb and migrations that a
 * process test does not need to pay. Nothing to do on PostgreSQL (`DATABASE_URL`).
 */
export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = suiteDir(prefix);
  const template = inject('pgliteTemplate');
  if (template) {
    const blob = new Blob([readFileSync(template)]);
    await (
      await PGlite.create({
        dataDir: join(dataDir, 'pgdata'),
        loadDataDir: blob,
        extensions: PGLITE_EXTENSIONS,
      })
    ).close();
  }
  return dataDir;
}

/**
 * The service in a process of its own, started from the bundle the process project compiled,
 * logging to `logFile` or to a file of its own below the suite root.
 */
export function spawnTestService(
  env: Record<string, string>,
  port: number,
  logFile: string = suiteLog(),
): Promise<ServiceProcess> {
  // Stopped at the end of each test: no grace for work under way unless the test is about it.
  return spawnService({ SHUTDOWN_GRACE_MS: '0', ...env }, port, logFile, [
    '--enable-source-maps',
    inject('compiledService'),
  ]);
}

/**
 * Reads a job's status until an answer takes longer than `busyMs`: the embedded database is then
 * inside the job's transaction, the moment for a test to kill the service. A job that ends first
 * fails the test, since nothing would be left to interrupt.
 */
export async function waitUntilBusy(
  what: string,
  busyMs: number,
  readStatus: (signal: AbortSignal) => Promise<string>,
): Promise<void> {
  for (;;) {
    let status: string;
    try {
      status = await readStatus(AbortSignal.timeout(busyMs));
    } catch (err) {
      if (err instanceof DOMException && err.name === 'TimeoutError') return;
      throw err;
    }
    if (status !== 'pending' && status !== 'in_progress') {
      throw new Error(`the ${what} was ${status} before it could be interrupted`);
    }
    await sleep(10);
  }
}

/** The embedded database of a data directory, opened while no service holds it. */
export async function withDataDirDatabase<T>(
  dataDir: string,
  work: (db: PGlite) => Promise<T>,
): Promise<T> {
  const db = await PGlite.create({
    dataDir: join(dataDir, 'pgdata'),
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** A data directory's database as the service sees it, for the helpers that take a `Db`. */
export function drizzleOf(db: PGlite): Db {
  return drizzle({ client: db, schema });
}

/** The log line of a restart that freed the one task a killed process held. */
export const FREED_ONE_AT_RESTART = /"freed":1.*job tasks of a stopped process are due again/;

/** One number a statement counts, in a crash test's database (-1 when it answers no row). */
export async function countIn(db: PGlite, statement: string, params: unknown[] = []) {
  const result = await db.query<{ n: number }>(statement, params);
  return result.rows[0]?.n ?? -1;
}

/** How often each task of a job ran, and where it stands: what a crash test checks at the end. */
export async function jobTaskRuns(db: PGlite, jobId: string) {
  const runs = await db.query<{ attempts: number; status: string }>(
    `select attempts, status from job_tasks where job_id = $1`,
    [jobId],
  );
  return runs.rows;
}

/**
 * A new, empty database on the PostgreSQL server of `DATABASE_URL` (nothing migrated), for a
 * test that starts service processes on it; `drop` removes it with whatever still holds it.
 */
export async function emptyServerDatabase(serverUrl: string) {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Two service processes on a new database of the PostgreSQL server, with one master key: a
 * deployment of several processes, as the `*two-process*` tests need. `drop` removes the database.
 */
export async function twoServicesOn(
  serverUrl: string,
  env: Record<string, string>,
): Promise<{
  services: [ServiceProcess, ServiceProcess];
  url: string;
  name: string;
  drop: () => Promise<void>;
}> {
  const database = await emptyServerDatabase(serverUrl);
  const shared = {
    DATABASE_URL: database.url,
    SVC_MASTER_KEY: randomBytes(32).toString('base64'),
    ...env,
  };
  const a = await spawnTestService(shared, await freePort());
  const b = await spawnTestService(shared, await freePort());
  return { services: [a, b], url: database.url, name: database.name, drop: database.drop };
}
