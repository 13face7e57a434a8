// Finds a Chromium for the e2e suite, installing one if this machine has none.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// The headless shell first: the full browser, even headless, builds its own window with WebUI
// pages (the omnibox popups) in a renderer of their own for every new page, and the suite ran on
// two fifths more CPU with it. The shell is what Playwright itself runs headless.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const fullBrowsers = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const existing = (paths) => paths.find((path) => path && existsSync(path));

/** A Chromium this machine already has, or undefined. */
export function installedBrowser() {
  return existing([process.env.CHROMIUM_PATH, headlessShell, ...fullBrowsers]);
}

function run(command, args) {
  console.log(`browser: ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

/** The path of a Chromium executable, or undefined for Playwright's own downloaded browser. */
export function findBrowser() {
  const chosen = existing([process.env.CHROMIUM_PATH, headlessShell]);
  if (chosen) return chosen;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (hasApt) {
    const apt = (...args) =>
      isRoot ? run('apt-get', args) : run('sudo', ['-n', 'apt-get', ...args]);
    if (apt('update', '-qq') && apt('install', '-y', '-qq', 'chromium-headless-shell')) {
      if (existsSync(headlessShell)) return headlessShell;
    }
  }
  // A full Chromium this machine has still does, more slowly.
  const full = existing(fullBrowsers);
  if (full) return full;
  // Where Playwright can download its own browser, that one is used.
  if (run('npx', ['playwright', 'install', 'chromium'])) return undefined;
  throw new Error('No Chromium found and none could be installed (apt-get or playwright install).');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findBrowser() ?? 'playwright');
