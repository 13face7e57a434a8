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

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Every test works in a workspace of its own (the service's rate limits are off for the suite),
  // so tests run in any order, two at a time: one per core of the target machine.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  // Assertions wait up to 15 s, not Playwright's 5: the two workers share one service, and while
  // one adds 100,000 agent executions (about 20 s of a busy event loop) a cold page load of the
  // other took more than 5 s to draw its first heading (a CI run of 2026-11-26). A page that
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
      use: {
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
      },
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
