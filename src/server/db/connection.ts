import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { claimDataDir } from './data-dir-lock';
import { type EmbeddedClient, startEmbeddedDatabase } from './embedded-client';
import {
  type StatementObserver,
  StatementObservers,
  timeEmbeddedStatements,
  timePoolStatements,
} from './statement-timing';
import type { Db } from './db';
import { type LostConnection, endServerPool, openServerPool } from './server-pool';
import {
  type WriteTransactions,
  pipelinedTransactions,
  plainTransactions,
} from './pipelined-transaction';
import * as schema from './schema/schema';
import { CheckedRead, type StartCheckedRead, carryChecks } from './read-check';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Write calls' transactions: on PostgreSQL, BEGIN and COMMIT travel with other statements. */
  transactions: WriteTransactions;
  close(): Promise<void>;
  /** Reports each statement's duration in seconds from now on (metrics); answers how to stop. */
  observeStatements(observer: StatementObserver): () => void;
  /**
   * PostgreSQL: a read whose credential checks travel with its first statement
   * (`read-check.ts`); other processes write the credentials too.
   */
  checkedRead?: StartCheckedRead;
  /** The embedded database's data directory as one gzipped tar (`backup/backup-route.ts`). */
  dumpDataDir?: () => Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; onIdleError?: (lost: LostConnection) => void }
  /**
   * `dataDir` undefined keeps the database in memory; `template` preloads a dumped data directory;
   * `thread` is where it runs (a worker thread unless `main`, see embedded-client.ts).
   */
  | { kind: 'pglite'; dataDir?: string; template?: Blob; thread?: 'worker' | 'main' };

/** Trigram similarity for the memory's fallback search; PostgreSQL ships it as a contrib module. */
export const PGLITE_EXTENSIONS = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How many migrations this build brings (its journal's entries): a ready database has them all. */
export function migrationsInBuild(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * A copy of the embedded database's files at one instant: PGlite's dump runs while no statement
 * does (it holds the same lock), so the files are as a kill at that instant would leave them,
 * which PostgreSQL's recovery opens (a transaction under way is rolled back). The checkpoint
 * first writes what the log holds into the tables, so a restore has little to replay. The tar is
 * taken plain and compressed afterwards, off the event loop: statements wait for the copy of
 * the files only, not for gzip (4.7 s → 1.2 s for a 20 MB backup on a loaded machine, bench/keys.ts).
 */
async function dumpConsistently(client: EmbeddedClient): Promise<Blob> {
  await client.exec('CHECKPOINT');
  const tar = await client.dumpDataDir('none');
  return new Blob([await gzipAsync(await tar.arrayBuffer())]);
}

const gzipAsync = promisify(gzip);

/** Opens the database and applies every pending migration before anything else may use it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = openServerPool(target.url, target.onIdleError);
    carryChecks(pool);
    const observers = new StatementObservers();
    timePoolStatements(pool, observers);
    const db = drizzlePg({ client: pool, schema });
    try {
      await migrateExclusively(pool);
    } catch (err) {
      await endServerPool(pool);
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      transactions: pipelinedTransactions(pool),
      checkedRead: () => new CheckedRead(pool),
      close: () => endServerPool(pool),
      observeStatements: (observer) => observers.add(observer),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const release = target.dataDir ? claimDataDir(target.dataDir) : () => undefined;
  try {
    const options = { dataDir: target.dataDir, template: target.template };
    const client: EmbeddedClient =
      target.thread === 'main'
        ? await PGlite.create({
            extensions: PGLITE_EXTENSIONS,
            ...(options.dataDir ? { dataDir: options.dataDir } : {}),
            ...(options.template ? { loadDataDir: options.template } : {}),
          })
        : await startEmbeddedDatabase(options);
    const observers = new StatementObservers();
    timeEmbeddedStatements(client, observers);
    // drizzle's PGlite driver calls query, exec and transaction only: the client has them all.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder });
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    return {
      db,
      kind: 'pglite',
      transactions: plainTransactions(db),
      close,
      observeStatements: (observer) => observers.add(observer),
      dumpDataDir: () => dumpConsistently(client),
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The advisory lock that service processes on one PostgreSQL database migrate under (advisory
 * locks are per database, so other databases on the server are not held up). A fixed number
 * that nothing else in the service takes.
 */
const MIGRATION_LOCK = 0x5356_434d_4947; // 'SVCMIG'

/**
 * Applies the pending migrations while holding `MIGRATION_LOCK` on one connection: processes
 * started at once on an empty database would otherwise both see no migration applied and both
 * create the tables, and the second would die on a duplicate catalogue row
 * (`pg_type_typname_nsp_index`). The next process in finds them applied and does nothing. The
 * lock is a session lock, so a process killed while migrating lets it go with its connection.
 */
async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
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
