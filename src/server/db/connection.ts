import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { claimDataDir } from './data-dir-lock';
import {
  type WriteTransactions,
  pipelinedTransactions,
  plainTransactions,
} from './pipelined-transaction';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Write calls' transactions: on PostgreSQL, BEGIN and COMMIT travel with other statements. */
  transactions: WriteTransactions;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined keeps the database in memory; `template` preloads a dumped data directory. */
  | { kind: 'pglite'; dataDir?: string; template?: Blob };

/** Trigram similarity for the memory's fallback search; PostgreSQL ships it as a contrib module. */
export const PGLITE_EXTENSIONS = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and applies every pending migration before anything else may use it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      transactions: pipelinedTransactions(pool),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const release = target.dataDir ? claimDataDir(target.dataDir) : () => undefined;
  try {
    const client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.template ? { loadDataDir: target.template } : {}),
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    return { db, kind: 'pglite', transactions: plainTransactions(db), close };
  } catch (err) {
    release();
    throw err;
  }
}

/** A migrated, empty in-memory database, dumped so that tests can clone it in a fraction of the time. */
export async function dumpMigratedTemplate(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
