import { existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/connection';
import { claimDataDir } from '../db/data-dir-lock';
import { checkGzip } from './take-backup';

/**
 * Unpacks a backup into `dataDir/pgdata`, which must not hold a database yet (move the damaged
 * one away first: a restore never writes over data). The backup is read through as gzip first,
 * unpacked beside the target, opened once (PostgreSQL's recovery replays what the dump caught
 * under way) and only then renamed into place, so an interrupted restore leaves no half database
 * where the service looks. The claim on the directory keeps a service from opening it meanwhile.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  const target = join(dataDir, 'pgdata');
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${target} already holds a database: move it away first, then restore`);
  }
  await checkGzip(file).catch((err: unknown) => {
    throw new Error(
      `${file} is not a complete backup (${err instanceof Error ? err.message : String(err)})`,
    );
  });
  const release = claimDataDir(target);
  const unpacking = `${target}.restoring`;
  try {
    rmSync(unpacking, { recursive: true, force: true });
    const db = await PGlite.create({
      dataDir: unpacking,
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      await db.query('select count(*) from pg_class');
    } finally {
      await db.close();
    }
    rmSync(target, { recursive: true, force: true });
    renameSync(unpacking, target);
  } finally {
    release();
  }
}
