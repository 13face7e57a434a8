import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port that was free a moment ago, so parallel test files never collide on fixed ports. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn until /healthz answered 200. */
  startupMs: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The service as a separate operating-system process, for what an in-process app cannot show:
 * start-up time and surviving `kill -9`.
 */
export async function spawnService(
  env: Record<string, string>,
  port: number,
  /** A file that receives the service's log lines instead of this process's output. */
  logFile?: string,
  /** Node's arguments: the TypeScript sources by default, or a compiled module. */
  entry: string[] = ['--import', 'tsx', 'src/server/main.ts'],
): Promise<ServiceProcess> {
  const started = performance.now();
  const out = logFile ? openSync(logFile, 'a') : 'inherit';
  const child = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      CONSOLE_DIR: '',
      RATE_LIMITS: 'off',
      RETENTION_EVERY_MINUTES: '0',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  if (typeof out === 'number') closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`service exited with ${child.exitCode}${logFile ? `, log: ${logFile}` : ''}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      // Not left running: it would hold its port and database past the test.
      child.kill('SIGKILL');
      throw new Error(
        `service did not become healthy in 60 s${logFile ? `, log: ${logFile}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    child,
    startupMs,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}
