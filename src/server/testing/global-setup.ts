import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedTemplate } from '../db/connection';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data directory that each test file clones (PGlite mode only). */
    pgliteTemplate: string;
  }
}

/** Migrating a PGlite database costs seconds; doing it once and cloning the dump costs far less. */
// eslint-disable-next-line no-restricted-syntax -- Vitest wants a default export here
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-template-'));
  const file = join(dir, 'template.tar');
  const dump = await dumpMigratedTemplate();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
