import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildServer } from './build-server.mjs';

const consoleInputs = [
  'src/console',
  'src/contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'scripts/precompress.ts',
  'scripts/first-paint-html.ts',
  'package-lock.json',
];
const serverInputs = [
  'src/server',
  'src/contract',
  'scripts/build-server.mjs',
  'tsconfig.json',
  'package-lock.json',
];
export const serverOutput = 'dist-server/main.mjs';

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newest(join(path, name))),
    stat.mtimeMs,
  );
}

/** True when `output` is missing or older than one of the files it is built from. */
function stale(output, inputs) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return built === 0 || inputs.some((input) => newest(input) > built);
}

/** Builds the console unless dist/ is newer than everything it is built from. */
export function buildConsoleIfNeeded({ force = false } = {}) {
  if (!force && !stale('dist/index.html', consoleInputs)) {
    console.log('console: dist/ is up to date');
    return;
  }
  console.log('console: building dist/ …');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Compiles the service unless dist-server/ is newer than everything it is built from. */
export async function buildServerIfNeeded({ force = false } = {}) {
  if (!force && !stale(serverOutput, serverInputs)) {
    console.log('service: dist-server/ is up to date');
    return;
  }
  console.log('service: building dist-server/ …');
  await buildServer();
}
