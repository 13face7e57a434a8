// Finds a Chromium for the e2e suite, installing one if this machine has none.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean);

/** A Chromium this machine already has, or undefined. */
export function installedBrowser() {
  return candidates.find((path) => existsSync(path));
}

function run(command, args) {
  console.log(`browser: ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

/** The path of a Chromium executable, or undefined for Playwright's own downloaded browser. */
export function findBrowser() {
  const existing = installedBrowser();
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (hasApt) {
    const apt = (...args) =>
      isRoot ? run('apt-get', args) : run('sudo', ['-n', 'apt-get', ...args]);
    if (apt('update', '-qq') && apt('install', '-y', '-qq', 'chromium')) {
      const installed = installedBrowser();
      if (installed) return installed;
    }
  }
  // Where Playwright can download its own browser, that one is used.
  if (run('npx', ['playwright', 'install', 'chromium'])) return undefined;
  throw new Error('No Chromium found and none could be installed (apt-get or playwright install).');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findBrowser() ?? 'playwright');
