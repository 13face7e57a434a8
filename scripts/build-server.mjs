// Compiles the service into dist-server/: one ES module bundling src/server and src/contract
// (node_modules stay external, loaded from the installed packages), and the SQL migrations beside
// it, where src/server/db/connection.ts looks for them (`./migrations` next to the module), with
// the embedded database's worker-thread script.
// `npm start` and `npm run serve` run this output with plain Node, not the TypeScript loader.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const serverEntry = 'src/server/main.ts';

/**
 * Builds into `outDir` (dist-server by default) and answers the path of the module to run. The
 * benchmarks build their own route servers (`entry`) the same way (bench/kit/built.ts).
 */
export async function buildServer(outDir = 'dist-server', entry = serverEntry) {
  rmSync(outDir, { recursive: true, force: true });
  const outfile = join(outDir, 'main.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync('src/server/db/migrations', join(outDir, 'migrations'), { recursive: true });
  // The embedded database's thread, started from a file beside the module (embedded-client.ts).
  cpSync('src/server/db/embedded-worker.mjs', join(outDir, 'embedded-worker.mjs'));
  return outfile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outfile = await buildServer(process.argv[2], process.argv[3]);
  console.log(`service: built ${outfile}`);
}
