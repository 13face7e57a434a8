// The benches measure code as it ships: the service as scripts/build-server.mjs compiles it for
// `npm start`, and their own route servers compiled the same way. Run through tsx, every module
// is compiled with esbuild's keepNames, which wraps each named closure as it is made in a call that
// defines its name: on a request path that makes closures per request it is a cost the shipped
// bundle does not pay (Get Workspace: 54 against 46 µs of CPU per request, five alternating rounds).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startFlagsOf } from '../../scripts/start-flags.mjs';

/** Directories of this run's builds, removed by `removeBuilds`. */
const builds: string[] = [];

/** A directory for a build inside checkout `dir`, so that its imports find its node_modules. */
function buildDir(dir: string, name: string): string {
  const out = join(dir, `dist-bench-${name}-${process.pid}-${builds.length}`);
  builds.push(out);
  return out;
}

/** Compiles `entry` of checkout `dir` with scripts/build-server.mjs; answers the module's path. */
function compiled(dir: string, name: string, entry?: string): string {
  const out = buildDir(dir, name);
  const args = ['scripts/build-server.mjs', out, ...(entry ? [entry] : [])];
  execFileSync(process.execPath, args, { cwd: dir, stdio: 'ignore' });
  return join(out, 'main.mjs');
}

/**
 * Builds the service of checkout `dir` and answers Node's arguments to run it as that checkout's
 * `npm start` does: its Node flags, then the compiled module.
 */
export function builtService(dir: string, name: string): string[] {
  return [...startFlagsOf(dir), compiled(dir, name)];
}

/**
 * Compiles `bench/<file>` of this checkout as the service is compiled; answers Node's arguments
 * to run it with the service's own Node flags, so that a floor differs from the service only in
 * its code.
 */
export function builtScript(file: string): string[] {
  const module = compiled(process.cwd(), file.replace(/\W+/g, '-'), join('bench', file));
  return [...startFlagsOf(process.cwd()), module];
}

/** Removes every build of this run. */
export function removeBuilds(): void {
  for (const out of builds.splice(0)) rmSync(out, { recursive: true, force: true });
}
