import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** File → the files of the same tree it imports (paths relative to the repository root). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** One import as written: the file that writes it and its specifier. */
export type ImportLine = { file: string; specifier: string };

const sourceFile = /\.tsx?$/;

/** The TypeScript files under `folder`, relative to `root`, sorted. */
export function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => sourceFile.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(folder, name))
    .sort();
}

/**
 * Every specifier each file names: `import`, `import type`, `export … from`, `import()`. Type-only
 * imports count: they tie two files together as a value import does (a change to either is read
 * with the other), even though the compiler drops them.
 */
export function importLines(root: string, files: readonly string[]): ImportLine[] {
  return files.flatMap((file) =>
    ts
      .preProcessFile(readFileSync(join(root, file), 'utf8'), true, true)
      .importedFiles.map(({ fileName }) => ({ file, specifier: fileName })),
  );
}

/**
 * The graph among `files`, resolved as the compiler resolves (tsconfig paths and package.json
 * imports included, so path aliases keep the guard working); imports leaving the set are dropped.
 */
export function importGraph(root: string, files: readonly string[]): ImportGraph {
  const options = compilerOptions(root);
  const host = ts.sys;
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const inSet = new Set(files);
  const graph = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const { file, specifier } of importLines(root, files)) {
    const resolved = ts.resolveModuleName(specifier, resolve(root, file), options, host, cache)
      .resolvedModule?.resolvedFileName;
    if (resolved === undefined) continue;
    const target = relative(root, resolved);
    const edges = graph.get(file);
    if (inSet.has(target) && edges && !edges.includes(target)) edges.push(target);
  }
  return graph;
}

function compilerOptions(root: string): ts.CompilerOptions {
  const configFile = join(root, 'tsconfig.json');
  const read: { config?: unknown } = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configFile).options;
}

/** The files of one cycle, each with the imports it makes inside the cycle. */
export type ImportCycle = ReadonlyMap<string, readonly string[]>;

/**
 * Every import cycle: each strongly connected group of files (Tarjan), with the imports that tie
 * it, so the message names every arrow to break and not only the first one found.
 */
export function importCycles(graph: ImportGraph): ImportCycle[] {
  return stronglyConnected(graph)
    .map((group) => {
      const members = new Set(group);
      return new Map(
        [...group]
          .sort()
          .map((file) => [file, (graph.get(file) ?? []).filter((next) => members.has(next))]),
      );
    })
    .filter((cycle) => [...cycle.values()].some((imports) => imports.length > 0))
    .sort((a, b) => firstKey(a).localeCompare(firstKey(b)));
}

function firstKey(cycle: ImportCycle): string {
  return cycle.keys().next().value ?? '';
}

/** A cycle as lines of `file → the files it imports in the cycle`. */
export function describeCycle(cycle: ImportCycle): string {
  return [...cycle].map(([file, imports]) => `${file} → ${imports.join(', ')}`).join('\n');
}

function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

/** Imports whose specifier climbs `levels` or more folders (`../../../../…` for four). */
export function climbs(lines: readonly ImportLine[], levels: number): ImportLine[] {
  const prefix = '../'.repeat(levels);
  return lines.filter(({ specifier }) => specifier.startsWith(prefix));
}
