// `npm test`: every check the project has, stopping at the first stage that fails. Checks that do
// not depend on each other run side by side; each step's time is printed, and a table at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findBrowser } from './find-browser.mjs';

// Not test-results/: Playwright empties that folder when it starts.
mkdirSync('test-reports', { recursive: true });
const started = Date.now();
/** Rows of the closing table: a step or stage, its seconds, and a stage's CPU seconds. */
const timings = [];

/**
 * CPU seconds of every process this one has waited for, and those they waited for (Linux's
 * cutime + cstime, in USER_HZ ticks, 100 a second), or undefined where /proc is missing. Read
 * around a stage, it gives the stage's CPU time: on a machine of N cores, a run cannot take less
 * than the sum over its steps divided by N.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
const cpuAtStart = childCpuSeconds();
const reports = {
  unit: 'test-reports/unit.json',
  service: 'test-reports/service.json',
  process: 'test-reports/process.json',
  e2e: 'test-reports/e2e.json',
};
for (const file of Object.values(reports)) rmSync(file, { force: true });

/**
 * Runs one step. Alone, its output streams as it comes; beside others it is buffered and printed
 * whole when the step ends, so that parallel steps do not interleave their lines. Answers whether
 * it passed and its row of the closing table (added as it ends: the table lists steps as they end).
 */
function run(name, command, args, { env = {}, buffered = false } = {}) {
  const t0 = Date.now();
  if (!buffered) console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      if (buffered) {
        console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      const row = [name, seconds];
      timings.push(row);
      resolve({ ok: code === 0, row });
    });
  });
}

/** One stage: its steps side by side; the run stops after a stage with a failed step. */
async function stage(...steps) {
  const buffered = steps.length > 1;
  const t0 = Date.now();
  const cpu0 = childCpuSeconds();
  const results = await Promise.all(
    steps.map(([name, command, args, env]) => run(name, command, args, { env, buffered })),
  );
  const cpu = cpu0 === undefined ? undefined : (childCpuSeconds() ?? cpu0) - cpu0;
  if (buffered) {
    const names = steps.map(([name]) => name).join(' + ');
    timings.push([`(stage: ${names})`, (Date.now() - t0) / 1000, cpu]);
  } else {
    results[0].row[2] = cpu;
  }
  if (results.every((result) => result.ok)) return;
  summary();
  process.exit(1);
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const path of [reports.unit, reports.service, reports.process]) {
    const vitest = readJson(path);
    if (!vitest) continue;
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
  const e2e = readJson(reports.e2e);
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  }
  console.log('\n| step | seconds | CPU seconds |\n|---|---|---|');
  for (const [name, seconds, cpu] of timings) {
    console.log(`| ${name} | ${seconds.toFixed(1)} | ${cpu === undefined ? '' : cpu.toFixed(0)} |`);
  }
  const cpuNow = childCpuSeconds();
  const cpu =
    cpuAtStart === undefined || cpuNow === undefined
      ? ''
      : `, ${(cpuNow - cpuAtStart).toFixed(0)} CPU seconds`;
  console.log(`\nAll checks took ${((Date.now() - started) / 1000).toFixed(0)} s${cpu}.`);
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

const vitest = (project, report) => [
  'vitest',
  'run',
  ...project.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

// The build comes first: it also generates the console's route tree that type-checking reads.
await stage(['build', 'npm', ['run', '--silent', 'build']]);
// Side by side. Lint is the longest step and cannot use more than one core, so the others yield
// to it (nice): it keeps a core to itself and they share what is left, instead of lint running
// alone at the end while the other core idles.
const yielding = (command, args) => ['nice', ['-n', '10', command, ...args]];
await stage(
  ['lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  // TypeScript 7 (the native compiler) checks types in half of TypeScript 6's CPU time; ESLint's
  // typed rules still run on TypeScript 6, which typescript-eslint supports.
  ['typecheck', ...yielding('npm', ['run', '--silent', 'typecheck'])],
  ['format', ...yielding('npx', ['prettier', '--check', '.'])],
  ['unit tests', ...yielding('npx', vitest(['unit'], reports.unit))],
  ['bundle budget', ...yielding('node', ['scripts/bundle-budget.mjs'])],
  ['service tests', ...yielding('npx', vitest(['service'], reports.service))],
);
// Process tests time start-ups and deliveries; they have the machine to themselves, as do the
// end-to-end tests after them.
await stage(['process tests', 'npx', vitest(['process'], reports.process)]);
const browser = findBrowser();
await stage([
  'end-to-end tests',
  'npx',
  ['playwright', 'test'],
  browser ? { E2E_CHROMIUM: browser } : {},
]);
summary();
