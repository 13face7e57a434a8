// A bench's own Fastify server (`bench/<file>`: the empty route, a floor route) on a free port,
// compiled as the service is (`built.ts`).
import { spawn } from 'node:child_process';
import { freePort } from '#server/testing/service-process';
import { builtScript } from './built';

/**
 * Starts `bench/<file>` (with `env` and Node's `nodeArgs`, e.g. `--cpu-prof`) and answers its URL
 * for `path` once it answers anything. Its build goes with the bench's (`removeBuilds`).
 */
export async function routeServer(
  file: string,
  path: string,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...builtScript(file)], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}${path}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    // Any answer will do: a floor route refuses a body without its headers.
    const up = await fetch(url, { method: 'HEAD' }).then(
      () => true,
      () => false,
    );
    if (up) return { url, pid: child.pid ?? 0, stop: () => child.kill() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`bench/${file} did not start`);
}
