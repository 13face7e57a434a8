import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpMigratedTemplate, openDatabase } from '../db/connection';
import { sqlStateOf } from '../db/sql-state';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data directory that each test file clones (PGlite mode only). */
    pgliteTemplate: string;
    /** A migrated database on DATABASE_URL's server that each test file's database copies. */
    postgresTemplate: string;
  }
}

const migrationsDir = 'src/server/db/migrations';
const cacheDir = 'node_modules/.cache/svc-test-template';

/** What a template depends on: every migration file, and for a dump the PGlite that wrote it. */
function templateKey(engine: 'pglite' | 'postgres'): string {
  const hash = createHash('sha256');
  if (engine === 'pglite')
    hash.update(readFileSync('node_modules/@electric-sql/pglite/package.json'));
  const files = readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const path = join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrating a PGlite database costs seconds; doing it once and cloning the dump costs far less.
 * The dump is kept between runs (and between the suite's stages) under node_modules/.cache, named
 * by what it depends on, so a changed migration or PGlite makes a new one.
 */
// eslint-disable-next-line no-restricted-syntax -- Vitest wants a default export here
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', await postgresTemplate(serverUrl));
    return;
  }
  project.provide('postgresTemplate', '');
  const file = join(cacheDir, `${templateKey('pglite')}.tar`);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    const dump = await dumpMigratedTemplate();
    // Written whole under another name first: a run started meanwhile never reads half a dump.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
}

/**
 * The same on PostgreSQL: migrating a new database takes half a second, copying a migrated one
 * (CREATE DATABASE … TEMPLATE) a tenth of that. The template stays on the server, named by its
 * migrations; it is built under a name of its own and renamed when whole, so that a run started
 * meanwhile (or the suite's other project) never copies half of one.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `svc_template_${templateKey('postgres')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    await (await openDatabase({ kind: 'postgres', url: url.toString() })).close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (err) {
      // 42P04: another run finished the same template first.
      if (sqlStateOf(err) !== '42P04') throw err;
      await admin.query(`DROP DATABASE ${building}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
