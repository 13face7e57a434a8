import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

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
