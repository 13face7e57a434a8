import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { scanRunRoot } from './secret-scan';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The service compiled once for this run, which process tests start with plain Node. */
    compiledService: string;
    /** The one directory below which every process test keeps its data directories and logs. */
    suiteRoot: string;
  }
}

/**
 * Process tests start the service many times; loading the TypeScript sources costs about a second
 * at each start, a bundle compiled once per run costs none. Built from the sources of this run,
 * so it can never be stale.
 */
// eslint-disable-next-line no-restricted-syntax -- Vitest wants a default export here
export default function setup(project: TestProject) {
  // Inside the project, so that the bundle's imports find node_modules.
  const dir = `dist-server-test-process-${process.pid}`;
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', dir], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('compiling the service for the process tests failed');
  project.provide('compiledService', join(dir, 'main.mjs'));
  // Kept to the end of the run, so that the secret scan sees every file any test left.
  const root = mkdtempSync(join(tmpdir(), 'svc-process-suite-'));
  project.provide('suiteRoot', root);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    try {
      // Vitest has set the exit code by now if a test failed.
      scanRunRoot(root, 'process tests', Number(process.exitCode ?? 0) !== 0);
    } catch (err) {
      // Vitest prints a teardown's error but still exits 0; the exit code is what fails `npm test`.
      process.exitCode = 1;
      throw err;
    }
  };
}
