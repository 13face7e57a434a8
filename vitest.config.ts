import { defineConfig } from 'vitest/config';

/**
 * Tests that start the service as a separate process (start-up, kill -9, several processes), and
 * those of scripts that run the project's tools on a copy of it (the area scaffold).
 */
const processTests = ['src/**/*.process.test.ts', 'scripts/**/*.process.test.ts'];
/** Tests with no database and no service: the contract, the console's logic, pure server code. */
const unitTests = [
  'src/contract/**/*.test.ts',
  'src/console/**/*.test.{ts,tsx}',
  'src/server/**/*.unit.test.ts',
  'scripts/**/*.test.ts',
];

export default defineConfig({
  // #contract/…, #server/…, #console/…, #scripts/… (tsconfig.json's paths) instead of long ../
  // climbs.
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two workers match the two cores of the target machine; PGlite databases are memory-hungry.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: each file still opens its
    // own database and service, but PGlite's WebAssembly and the service's modules are loaded once
    // per worker instead of once per file, which halved the service tests' time here.
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: unitTests, exclude: ['scripts/**/*.process.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'service',
          include: ['src/server/**/*.test.ts'],
          exclude: [...processTests, 'src/server/**/*.unit.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: processTests,
          globalSetup: [
            'src/server/testing/global-setup.ts',
            'src/server/testing/process-setup.ts',
          ],
        },
      },
    ],
  },
});
