import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeCycle, importCycles, importGraph, sourceFiles } from './import-graph';

/** Every tree of TypeScript the repository's tsconfig covers. */
const trees = ['src', 'e2e', 'scripts', 'bench'];

// An import cycle makes two files one: neither can be read, tested or moved without the other,
// and a value cycle leaves one side's exports undefined while the other starts up. The rooms
// (eslint.config.js) keep the arrows between folders pointing one way; this keeps them one way
// between files too. Type-only imports and import() count: they tie files together all the same.
describe(`imports in ${trees.join(', ')}`, () => {
  it('form no cycle', () => {
    const root = process.cwd();
    const files = trees.flatMap((tree) => sourceFiles(root, tree));
    const cycles = importCycles(importGraph(root, files)).map(describeCycle);
    expect(
      cycles,
      `Import cycles (each file → the files it imports in the cycle):\n\n${cycles.join('\n\n')}\n`,
    ).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  };

  it('follows type-only imports, re-exports, import() and path aliases, naming every file', () => {
    write({
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          moduleResolution: 'Bundler',
          module: 'ESNext',
          paths: { '#here/*': ['./*'] },
        },
      }),
      'a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'b.ts': "export { c as b } from './c';\nexport type B = number;\n",
      'c.ts': "export const c = () => import('#here/a');\n",
      'd.ts': "import { c } from './c';\nexport const d = c;\n",
    });
    const cycles = importCycles(importGraph(root, sourceFiles(root, '.')));
    expect(cycles.map((cycle) => [...cycle])).toEqual([
      [
        ['a.ts', ['b.ts']],
        ['b.ts', ['c.ts']],
        ['c.ts', ['a.ts']],
      ],
    ]);
    expect(describeCycle(cycles[0] ?? new Map())).toBe('a.ts → b.ts\nb.ts → c.ts\nc.ts → a.ts');
  });
});
