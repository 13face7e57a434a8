import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The service compiled once for this run, which process tests start with plain Node. */
    compiledService: string;
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
  return () => rmSync(dir, { recursive: true, force: true });
}
