import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { installedBrowser } from './scripts/find-browser.mjs';

const port = Number(process.env.E2E_PORT ?? 8797);
// E2E_CHROMIUM (npm test sets it), or the Chromium this machine has: Playwright's own browser
// cannot be downloaded everywhere (`npm run test:e2e` installs one first if there is none).
const executablePath = process.env.E2E_CHROMIUM || installedBrowser();
// Where the service keeps its data and output for the run, scanned for secrets by the global
// teardown. Named by the port, not made here: workers load this file too, and would each make one.
const root = join(tmpdir(), `svc-e2e-run-${port}`);
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Every test works in a workspace of its own (the service's rate limits are off for the suite),
  // so tests run in any order, three at a time: the suite's tests mostly wait (on the service, on
  // frames, on timers), and with two workers it kept less than one of the two cores busy.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 30_000,
  // Assertions wait up to 15 s, not Playwright's 5: the workers share one service and two cores,
  // and a cold page load beside another test's bulk additions (100,000 agent executions, before
  // that test ran alone) took more than 5 s to draw its first heading in a CI run. A page that
  // never comes still fails.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]],
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace (DOM snapshots of each step) only when asked, E2E_TRACE=1: recording one for every
    // test, to keep it for the few that fail, cost a quarter of the suite's CPU time. A failure
    // still leaves its screenshot and the page's accessibility snapshot in test-results/.
    trace:
      process.env.E2E_TRACE === '1'
        ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true }
        : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: /@alone/,
      use: chromium,
    },
    {
      // Tests that measure the page's speed (frame times, the time an expansion takes to draw)
      // or flood the shared service (100,000 rows added): one at a time, after every other test,
      // with the machine to themselves. Beside the others they measured the other workers as
      // much as the page, and a cold page load next to the 100,000 rows took over 5 s.
      name: 'alone',
      grep: /@alone/,
      dependencies: ['chromium'],
      workers: 1,
      use: chromium,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port), E2E_ROOT: root },
  },
});
