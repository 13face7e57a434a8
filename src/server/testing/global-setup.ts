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
import type { TestProject } from 'vitest/node';
import { dumpMigratedTemplate } from '../db/connection';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data directory that each test file clones (PGlite mode only). */
    pgliteTemplate: string;
  }
}

const migrationsDir = 'src/server/db/migrations';
const cacheDir = 'node_modules/.cache/svc-test-template';

/** What the dump depends on: every migration file and the PGlite that wrote it. */
function templateKey(): string {
  const hash = createHash('sha256');
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
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const file = join(cacheDir, `${templateKey()}.tar`);
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
