// `npm test`: every check the project has, in order, stopping at the first that fails.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { findBrowser } from './find-browser.mjs';

// Not test-results/: Playwright empties that folder when it starts.
mkdirSync('test-reports', { recursive: true });
const started = Date.now();

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    summary();
    process.exit(result.status ?? 1);
  }
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function summary() {
  const unit = readJson('test-reports/unit.json');
  const e2e = readJson('test-reports/e2e.json');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
  }
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  }
  console.log(`\nAll checks took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

for (const stale of ['test-reports/unit.json', 'test-reports/e2e.json']) {
  spawnSync('rm', ['-f', stale]);
}

// The build comes first: it also generates the console's route tree that type-checking reads.
step('build', 'npx', ['vite', 'build']);
step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
step('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
step('format', 'npx', ['prettier', '--check', '.']);
step('unit and service tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-reports/unit.json',
]);
if (existsSync('scripts/bundle-budget.mjs'))
  step('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
const browser = findBrowser();
step('end-to-end tests', 'npx', ['playwright', 'test'], browser ? { E2E_CHROMIUM: browser } : {});
summary();
