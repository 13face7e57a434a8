// The Node flags the service runs with: those package.json's `start` script gives Node
// (`node [flags] scripts/start.mjs`; `serve` gives the same, scripts/start-flags.test.ts checks).
// The benchmarks and the end-to-end suite run the compiled service with them too, so that what
// they measure or drive is what `npm start` serves (decision 177).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function nodeFlagsOfStart(script) {
  const match = /^node((?:\s+--\S+)*)\s+scripts\/start\.mjs(?:\s|$)/.exec(script);
  if (!match) {
    throw new Error(`a start script not of the form node [flags] scripts/start.mjs: ${script}`);
  }
  return (match[1] ?? '').split(/\s+/).filter(Boolean);
}

export function startFlagsOf(dir = '.') {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return nodeFlagsOfStart(manifest.scripts.start);
}
