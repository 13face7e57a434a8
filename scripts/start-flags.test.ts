import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { nodeFlagsOfStart } from './start-flags.mjs';

const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: { start: string; serve: string };
};

// The benchmarks and the end-to-end suite run the service with the flags of `npm start`
// (start-flags.mjs); `npm run serve` must run it the same way, or what is measured is not what
// is served.
it('runs the service with the same Node flags from npm start and npm run serve', () => {
  const flags = nodeFlagsOfStart(scripts.start);
  expect(flags).toContain('--max-semi-space-size=64');
  expect(nodeFlagsOfStart(scripts.serve)).toEqual(flags);
});

it('reads the Node flags of a start script, or refuses one of another form', () => {
  expect(nodeFlagsOfStart('node scripts/start.mjs')).toEqual([]);
  expect(nodeFlagsOfStart('node --a=1  --b scripts/start.mjs --no-build')).toEqual([
    '--a=1',
    '--b',
  ]);
  expect(() => nodeFlagsOfStart('tsx scripts/start.mjs')).toThrow(/node \[flags\]/);
  expect(() => nodeFlagsOfStart('node scripts/start.mjsx')).toThrow();
});
