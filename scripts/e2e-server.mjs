// The service that the e2e suite drives: the built console on a fresh temporary data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
// Node with tsx's loader directly: `npx tsx` costs a second more to start, and leaves the service
// running when it is stopped by a signal it does not pass on.
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '8797',
    CONSOLE_DIR: process.env.E2E_CONSOLE_DIR ?? 'dist',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  },
});
const stop = (signal) => child.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
