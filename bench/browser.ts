import { type Browser, chromium } from '@playwright/test';
import playwrightConfig from '../playwright.config';

/** Chromium launched exactly as the e2e suite launches it, so the benchmarks measure that browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(playwrightConfig.projects?.[0]?.use?.launchOptions ?? {});
}
