// The service that the e2e suite drives, as `npm start` runs it (the compiled service serving the
// built console), on a fresh temporary data directory.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { serverOutput } from './console-build.mjs';

if (!existsSync(serverOutput)) {
  console.error(`${serverOutput} is missing: run \`npm run build\` before the e2e tests.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
const child = spawn(process.execPath, ['--enable-source-maps', serverOutput], {
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
