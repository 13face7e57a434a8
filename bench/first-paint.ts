// First contentful paint and bytes on the wire of the console's sign-in page, cold, in Chromium
// with 4× CPU slowdown and DevTools' "Slow 4G" network (see `network` below), over several runs.
//
//   npm run build && npx tsx bench/first-paint.ts                  # starts the compiled service
//   npx tsx bench/first-paint.ts --url http://127.0.0.1:8787       # measures a running service
//
// Options: --url <base> (default: start dist-server/main.mjs serving dist/ on a free port),
// --runs <n> (default 5), --label <text> (first column of the summary). Chromium is E2E_CHROMIUM
// or the Chromium the e2e suite finds.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, CDPSession } from '@playwright/test';
import { freePort, spawnService } from '#server/testing/service-process';
import { launchChromium } from './browser';
import { printTable } from './table';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '5' },
    label: { type: 'string', default: 'this build' },
  },
});
const runs = Number(options.runs);

/**
 * Chrome DevTools' "Slow 4G" preset (called "Fast 3G" before Chrome 118): 1.6 Mbit/s down and
 * 750 kbit/s up, each × 0.9, and 150 ms × 3.75 of latency, as DevTools applies it through CDP.
 */
const network = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const cpuSlowdown = 4;

interface Sample {
  fcpMs: number;
  bytes: number;
  jsBytes: number;
  requests: number;
}

/** Bytes received per request (headers and body as sent, i.e. compressed), JavaScript apart. */
function countBytes(cdp: CDPSession) {
  const scripts = new Set<string>();
  const totals = { bytes: 0, jsBytes: 0, requests: 0 };
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    totals.requests += 1;
    totals.bytes += event.encodedDataLength;
    if (scripts.has(event.requestId)) totals.jsBytes += event.encodedDataLength;
  });
  return totals;
}

async function measure(browser: Browser, base: string): Promise<Sample> {
  // A new context has an empty cache; disabling it as well keeps every run cold.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const totals = countBytes(cdp);
    await page.goto(`${base}/sign-in`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      { timeout: 120_000 },
    );
    // The sign-in route's own chunk loads after `load`; count it too.
    await page.getByRole('button', { name: /login link/i }).waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    );
    return { fcpMs, ...totals };
  } finally {
    await context.close();
  }
}

async function startService(): Promise<{ url: string; stop: () => Promise<void> }> {
  const entry = 'dist-server/main.mjs';
  if (!existsSync(entry) || !existsSync('dist/index.html')) {
    throw new Error('dist/ or dist-server/ is missing: run `npm run build` first');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-paint-'));
  const svc = await spawnService(
    { DATA_DIR: dataDir, DATABASE_URL: '', CONSOLE_DIR: 'dist' },
    await freePort(),
    undefined,
    [entry],
  );
  return {
    url: svc.url,
    stop: async () => {
      await svc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

const service = options.url
  ? { url: options.url.replace(/\/$/, ''), stop: () => Promise.resolve() }
  : await startService();
const browser = await launchChromium();
const samples: Sample[] = [];
try {
  // One unmeasured load first, so that the service's own first-request work is not counted.
  await measure(browser, service.url);
  for (let run = 1; run <= runs; run++) samples.push(await measure(browser, service.url));
} finally {
  await browser.close();
  await service.stop();
}

console.log(
  `\nSign-in page of ${service.url}, cold, CPU ×${cpuSlowdown}, Slow 4G ` +
    `(${((network.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down, ` +
    `${((network.uploadThroughput * 8) / 1e3).toFixed(0)} kbit/s up, ${network.latency} ms RTT)\n`,
);
printTable(
  ['run', 'FCP ms', 'bytes kB', 'JavaScript kB', 'requests'],
  samples.map((s, i) => [
    String(i + 1),
    s.fcpMs.toFixed(0),
    kB(s.bytes),
    kB(s.jsBytes),
    String(s.requests),
  ]),
);
console.log('');
printTable(
  ['build', 'runs', 'FCP median ms', 'FCP min–max ms', 'bytes kB', 'JavaScript kB'],
  [
    [
      options.label,
      String(samples.length),
      median(samples.map((s) => s.fcpMs)).toFixed(0),
      `${Math.min(...samples.map((s) => s.fcpMs)).toFixed(0)}–${Math.max(...samples.map((s) => s.fcpMs)).toFixed(0)}`,
      kB(median(samples.map((s) => s.bytes))),
      kB(median(samples.map((s) => s.jsBytes))),
    ],
  ],
);
