// A bench's own Fastify server (`bench/<file>`: the empty route, a floor route) on a free port.
import { spawn } from 'node:child_process';
import { freePort } from '#server/testing/service-process';

/**
 * Starts `bench/<file>` (with `env` and Node's `nodeArgs`, e.g. `--cpu-prof`) and answers its URL
 * for `path` once it answers anything.
 */
export async function routeServer(
  file: string,
  path: string,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', `bench/${file}`], {
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
