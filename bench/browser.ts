import { existsSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';
import playwrightConfig from '../playwright.config';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Chromium launched exactly as the e2e suite launches it (E2E_CHROMIUM, or this machine's
 * Chromium: Playwright's own browsers cannot be downloaded here), so that the benchmarks measure
 * the browser the tests use.
 */
export async function launchChromium(): Promise<Browser> {
  const launchOptions = playwrightConfig.projects?.[0]?.use?.launchOptions ?? {};
  const executablePath =
    launchOptions.executablePath ?? candidates.find((path) => existsSync(path));
  return chromium.launch({ ...launchOptions, ...(executablePath ? { executablePath } : {}) });
}
