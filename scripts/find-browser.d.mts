/** A Chromium this machine already has, or undefined. */
export function installedBrowser(): string | undefined;
/** The path of a Chromium executable, installing one if needed; undefined: Playwright's own. */
export function findBrowser(): string | undefined;
