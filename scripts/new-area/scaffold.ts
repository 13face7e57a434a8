import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';
import { areaRegistry, keyPages } from '#contract/areas';
import { allEndpoints } from '#contract/endpoints';
import { routerOptions } from '../router-options';
import { type Edit, editsFor } from './edits';
import type { AreaNames } from './names';
import { generatedFiles, newFiles, tablesDir } from './paths';
import { contractFile, endpointPaths, samplesFile } from './templates/contract';
import {
  addDialogFile,
  addFormFile,
  addMutationFile,
  columnsFile,
  pageFile,
  queriesFile,
  routeFile,
} from './templates/console';
import { e2eFile } from './templates/e2e';
import {
  addRuleFile,
  listRuleFile,
  queryPlansTestFile,
  routesFile,
  storeFile,
  tableFile,
} from './templates/server';
import { serviceTestFile } from './templates/service-test';

export interface NewFile {
  path: string;
  text: string;
}

/** What the scaffold writes for an area: new files, and lines added to existing ones. */
export interface Plan {
  names: AreaNames;
  files: NewFile[];
  edits: Edit[];
}

export function planArea(n: AreaNames): Plan {
  const a = n.kebab;
  const module = newFiles.module(a);
  const feature = newFiles.feature(a);
  const files: NewFile[] = [
    { path: newFiles.contract(a), text: contractFile(n) },
    { path: newFiles.samples(a), text: samplesFile(n) },
    { path: newFiles.table(a), text: tableFile(n) },
    { path: join(module, 'store.ts'), text: storeFile(n) },
    { path: join(module, `list-${a}.ts`), text: listRuleFile(n) },
    { path: join(module, `add-${a}.ts`), text: addRuleFile(n) },
    { path: join(module, 'routes.ts'), text: routesFile(n) },
    { path: join(module, `${a}.test.ts`), text: serviceTestFile(n) },
    { path: join(module, `${a}-query-plans.test.ts`), text: queryPlansTestFile(n) },
    { path: join(feature, 'queries.ts'), text: queriesFile(n) },
    { path: join(feature, `use-add-${a}.ts`), text: addMutationFile(n) },
    { path: join(feature, `add-${a}-form.tsx`), text: addFormFile(n) },
    { path: join(feature, `add-${a}-dialog.tsx`), text: addDialogFile(n) },
    { path: join(feature, `${n.item.kebab}-columns.tsx`), text: columnsFile(n) },
    { path: join(feature, `${a}-page.tsx`), text: pageFile(n) },
    { path: newFiles.route(a), text: routeFile(n) },
    { path: newFiles.e2e(a), text: e2eFile(n) },
  ];
  return { names: n, files, edits: editsFor(n) };
}

/** Every table name declared under the tables' folder (`pgTable('name', …)`). */
function tableNames(root: string): Set<string> {
  const names = new Set<string>();
  const dir = join(root, tablesDir);
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    for (const found of text.matchAll(/pgTable\(\s*'([^']+)'/g)) names.add(found[1] ?? '');
  }
  return names;
}

/**
 * Why the plan cannot be written, all at once; empty when it can. Nothing is ever overwritten:
 * an area that exists, or any file or folder the plan would write, refuses the whole plan.
 */
export function problemsOf(plan: Plan, root: string): string[] {
  const n = plan.names;
  if (n.kebab in areaRegistry)
    return [`The area ${n.kebab} exists already (src/contract/areas.ts).`];
  const problems: string[] = [];
  if (keyPages.some((page) => page.segment === n.kebab)) {
    problems.push(`A page of an API key is at /keys/$apiKeyId/${n.kebab} already.`);
  }
  const paths = new Set(plan.files.map((f) => f.path));
  for (const path of paths) {
    if (existsSync(join(root, path)))
      problems.push(`${path} exists; the scaffold never overwrites.`);
  }
  for (const folder of [newFiles.module(n.kebab), newFiles.feature(n.kebab)]) {
    if (existsSync(join(root, folder))) problems.push(`${folder}/ exists.`);
  }
  const routeFolder = newFiles.route(n.kebab).replace(/\.tsx$/, '');
  if (existsSync(join(root, routeFolder))) problems.push(`${routeFolder}/ exists.`);
  if (tableNames(root).has(n.snake)) problems.push(`A table named ${n.snake} exists.`);
  const planned = new Set<string>(Object.values(endpointPaths(n)));
  for (const e of allEndpoints) {
    if (planned.has(e.path)) problems.push(`The endpoint ${e.name} is at ${e.path} already.`);
  }
  for (const edit of plan.edits) {
    try {
      edit.apply(readFileSync(join(root, edit.file), 'utf8'));
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return problems;
}

/** Writes the new files and adds the lines to the existing ones; answers every path touched. */
export function writePlan(plan: Plan, root: string): string[] {
  for (const file of plan.files) {
    const path = join(root, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text, { flag: 'wx' });
  }
  for (const edit of plan.edits) {
    const path = join(root, edit.file);
    writeFileSync(path, edit.apply(readFileSync(path, 'utf8')));
  }
  return [...plan.files.map((f) => f.path), ...plan.edits.map((e) => e.file)];
}

/** A tool of the project, in `root`, its output shown only when it fails. */
function run(root: string, command: string, args: string[]): void {
  execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
}

/** The migrations' files by path (relative to `root`), with their text. */
function migrationFiles(root: string): Map<string, string> {
  const dir = generatedFiles.migrations;
  return new Map(
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(root.length + 1), readFileSync(path, 'utf8')];
      }),
  );
}

/**
 * What tools make from the written files: the route tree (the router's generator, as the build's
 * plugin runs it), the migration (`npm run db:generate`), the endpoint table of the docs (`npm
 * run readme:endpoints`), and every touched file formatted. Answers the steps, as they ran.
 */
export async function generate(
  plan: Plan,
  touched: readonly string[],
  root: string,
  log: (line: string) => void,
): Promise<void> {
  const config = getConfig({ ...routerOptions }, root);
  await new Generator({ config, root }).run();
  log(`route tree: ${routerOptions.generatedRouteTree}`);

  const before = migrationFiles(root);
  run(root, 'npm', ['run', '--silent', 'db:generate', '--', `--name=${plan.names.snake}`]);
  // The new migration, its snapshot, and the journal that lists it.
  const migration = [...migrationFiles(root)]
    .filter(([path, text]) => before.get(path) !== text)
    .map(([path]) => path);
  log(`migration: ${migration.join(', ')}`);

  const formatted = [...touched, ...migration.filter((path) => path.endsWith('.json'))];
  run(root, 'npx', ['prettier', '--log-level=warn', '--write', ...formatted]);
  log(`formatted: ${formatted.length} files (prettier)`);

  run(root, 'npm', ['run', '--silent', 'readme:endpoints']);
  log(`endpoint table: ${generatedFiles.endpointTable}`);
}
