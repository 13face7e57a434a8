import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const inputs = [
  'src/console',
  'src/contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'package-lock.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newest(join(path, name))),
    stat.mtimeMs,
  );
}

/** Builds the console unless dist/ is newer than everything it is built from. */
export function buildConsoleIfNeeded({ force = false } = {}) {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const stale = force || built === 0 || inputs.some((input) => newest(input) > built);
  if (!stale) {
    console.log('console: dist/ is up to date');
    return;
  }
  console.log('console: building dist/ …');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
