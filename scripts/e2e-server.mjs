// The service that the e2e suite drives, as `npm start` runs it (the compiled service serving the
// built console), on a fresh temporary data directory. With E2E_ROOT (playwright.config.ts sets
// it) the data directory, the service's output and this script's pid go below that root and stay
// there: the e2e run's global teardown stops the service and scans the root for secrets.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { serverOutput } from './console-build.mjs';
import { startFlagsOf } from './start-flags.mjs';

if (!existsSync(serverOutput)) {
  console.error(`${serverOutput} is missing: run \`npm run build\` before the e2e tests.`);
  process.exit(1);
}

const root = process.env.E2E_ROOT;
if (root) {
  // A root left by an earlier run that failed: this run starts clean.
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'server.pid'), String(process.pid));
}
const dataDir = root ? join(root, 'data') : mkdtempSync(join(tmpdir(), 'svc-e2e-'));
const port = process.env.E2E_PORT ?? '8797';
const log = root ? openSync(join(root, 'service.log'), 'a') : undefined;
const child = spawn(process.execPath, [...startFlagsOf(), '--enable-source-maps', serverOutput], {
  stdio: log === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    CONSOLE_DIR: process.env.E2E_CONSOLE_DIR ?? 'dist',
    // The suite's pages come from 127.0.0.1; the same service under its other name is a second
    // server they may be pointed at (sign-in.spec.ts), and a page served at localhost is a console
    // on another server calling this one (cross-origin.spec.ts): each origin is the other's CORS.
    CONSOLE_SERVERS: `http://localhost:${port}`,
    CORS_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  },
});
// Written to the file as it comes (the scan reads it after the service stopped), and passed on.
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  from?.on('data', (chunk) => {
    if (log !== undefined) writeSync(log, chunk);
    to.write(chunk);
  });
}
const stop = (signal) => child.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
child.on('close', (code) => {
  if (!root) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
