import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/connection';
import { rowsOf } from '../db/transaction';

/**
 * Embedded databases given back by the test files of this worker, emptied, for the next file to
 * take: opening a PGlite database from the template costs a second or more of CPU, emptying its
 * tables a few milliseconds. A worker runs its files one after another (Vitest, isolate: false),
 * so a database is never shared by two files; a file with several services open at once gets one
 * database each.
 */
const idle: Database[] = [];

/** Every table the migrations made (and any a test made) back to empty, counters restarted. */
async function empty(database: Database): Promise<void> {
  const tables = await rowsOf<{ name: string }>(
    database.db,
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (tables.length === 0) return;
  await database.db.execute(
    sql.raw(`truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`),
  );
}

async function openEmbedded(unused: boolean): Promise<Database> {
  const database =
    (unused ? undefined : idle.pop()) ??
    (await openDatabase({
      kind: 'pglite',
      template: new Blob([readFileSync(inject('pgliteTemplate'))]),
    }));
  return {
    ...database,
    async close() {
      try {
        await empty(database);
        idle.push(database);
      } catch {
        // A database a test left unusable is not given to the next one.
        await database.close();
      }
    },
  };
}

/**
 * An empty, migrated database for one test file: embedded (a clone of the template, or one an
 * earlier file of this worker gave back emptied), or, when DATABASE_URL names a PostgreSQL server,
 * a new database on it, a copy of the migrated template, that is dropped afterwards.
 */
export async function openTestDatabase({
  unused = false,
}: {
  /**
   * A database no earlier file used, for a test of the database's files themselves (a backup):
   * one given back emptied still holds the write-ahead log of what the earlier files wrote.
   */
  unused?: boolean;
} = {}): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openEmbedded(unused);
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
