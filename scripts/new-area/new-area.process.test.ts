import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { areaNames } from './names';
import { generatedFiles, newFiles } from './paths';
import { planArea } from './scaffold';

/**
 * The scaffold, proven the way a newcomer uses it: `npm run new-area` in a throwaway copy of the
 * repository (its files as they are now, node_modules linked), then the copy type-checks and the
 * generated tests, with those the new area joins (registry, navigation, audit, endpoint table),
 * pass there. The e2e spec it writes is left to the e2e stage of a real area.
 */
const AREA = 'sample-things';
const root = process.cwd();
const templateCache = join(root, 'node_modules/.cache/svc-test-template');

interface Ran {
  status: number | null;
  output: string;
}

/** A command in the copy, yielding the CPU to the process tests beside it (nice), as npm test does. */
function run(cwd: string, command: string, args: string[]): Promise<Ran> {
  const env = { ...process.env };
  // Vitest's own settings for this run must not leak into the copy's.
  delete env.VITEST;
  delete env.VITEST_MODE;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  delete env.NODE_OPTIONS;
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '10', command, ...args], { cwd, env });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(output).toString() }));
  });
}

/** The repository's files as they are in the working tree, committed or not (not ignored ones). */
function copyRepository(to: string): void {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (existsSync(join(root, file))) cpSync(join(root, file), join(to, file));
  }
  symlinkSync(join(root, 'node_modules'), join(to, 'node_modules'), 'dir');
}

/** A digest of every file under src/, to tell that a refused run changed nothing. */
function sourceDigest(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(join(dir, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/** The test templates of migrated databases, which the copy's new migration adds to. */
async function postgresTemplates(): Promise<string[]> {
  const url = process.env.DATABASE_URL;
  if (!url) return [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'svc\\_template\\_%'",
    );
    return found.rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

let copy: string;
let cachedBefore: Set<string>;
let templatesBefore: Set<string>;
beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'new-area-'));
  copyRepository(copy);
  cachedBefore = new Set(existsSync(templateCache) ? readdirSync(templateCache) : []);
  templatesBefore = new Set(await postgresTemplates());
});

afterAll(async () => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  // The copy's migrated-database templates, made for its migrations alone.
  for (const file of existsSync(templateCache) ? readdirSync(templateCache) : []) {
    if (!cachedBefore.has(file)) rmSync(join(templateCache, file), { force: true });
  }
  const added = (await postgresTemplates()).filter((name) => !templatesBefore.has(name));
  if (added.length > 0) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    for (const name of added) {
      await client.query(`alter database "${name}" is_template false`);
      await client.query(`drop database "${name}"`);
    }
    await client.end();
  }
});

it('writes an area that type-checks and whose tests pass, and refuses to write it twice', async () => {
  const started = performance.now();
  const made = await run(copy, 'npm', ['run', '--silent', 'new-area', '--', AREA]);
  expect(made.status, made.output).toBe(0);
  const names = areaNames(AREA);
  if ('problem' in names) throw new Error(names.problem);
  const plan = planArea(names);
  for (const file of plan.files) expect(existsSync(join(copy, file.path)), file.path).toBe(true);
  const migrations = readdirSync(join(copy, generatedFiles.migrations));
  expect(migrations.filter((file) => file.endsWith('_sample_things.sql'))).toHaveLength(1);
  const formatted = await run(copy, 'npx', [
    'prettier',
    '--check',
    generatedFiles.migrations,
    ...plan.files.map((file) => file.path),
    ...plan.edits.map((edit) => edit.file),
  ]);
  expect(formatted.status, formatted.output).toBe(0);

  const typecheck = await run(copy, 'npm', ['run', '--silent', 'typecheck']);
  expect(typecheck.status, typecheck.output).toBe(0);

  const unit = await run(copy, 'npx', [
    'vitest',
    'run',
    '--project',
    'unit',
    'src/contract',
    'src/console/lib/areas.test.ts',
    'src/console/area-pages.test.ts',
  ]);
  expect(unit.status, unit.output).toBe(0);

  const module = newFiles.module(AREA);
  const service = await run(copy, 'npx', [
    'vitest',
    'run',
    '--project',
    'service',
    module,
    'src/server/modules/audit-log/audit-writes.test.ts',
    'src/server/readme.test.ts',
  ]);
  expect(service.status, service.output).toBe(0);
  // Both generated service tests ran (a filter that matched nothing would pass too).
  expect(service.output).toContain(`${AREA}.test.ts`);
  expect(service.output).toContain(`${AREA}-query-plans.test.ts`);

  // Again: refused, and nothing changed.
  const digest = sourceDigest(copy);
  const again = await run(copy, 'npm', ['run', '--silent', 'new-area', '--', AREA]);
  expect(again.status).toBe(1);
  expect(again.output).toContain(`The area ${AREA} exists already`);
  expect(sourceDigest(copy)).toBe(digest);
  console.log(
    `scaffold, type-check and the area's tests: ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}, 600_000);

it('refuses a name that is not kebab-case, writing nothing', async () => {
  const digest = sourceDigest(copy);
  const refused = await run(copy, 'npm', ['run', '--silent', 'new-area', '--', 'Sample_Things']);
  expect(refused.status).toBe(2);
  expect(refused.output).toContain('is not kebab-case');
  expect(sourceDigest(copy)).toBe(digest);
});
