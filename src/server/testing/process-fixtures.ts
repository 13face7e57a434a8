import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type ServiceProcess, spawnService } from './service-process';

/**
 * A data directory holding the migrated template database, unpacked where the service looks
 * (`DATA_DIR/pgdata`): a fresh embedded database costs seconds of initdb and migrations that a
 * process test does not need to pay. Nothing to do on PostgreSQL (`DATABASE_URL`).
 */
export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const template = inject('pgliteTemplate');
  if (template) {
    const blob = new Blob([readFileSync(template)]);
    await (await PGlite.create({ dataDir: join(dataDir, 'pgdata'), loadDataDir: blob })).close();
  }
  return dataDir;
}

/** The service in a process of its own, started from the bundle the process project compiled. */
export function spawnTestService(
  env: Record<string, string>,
  port: number,
  logFile?: string,
): Promise<ServiceProcess> {
  return spawnService(env, port, logFile, ['--enable-source-maps', inject('compiledService')]);
}
