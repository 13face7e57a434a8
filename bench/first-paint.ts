// First contentful paint against the time to receive the document, cold, in Chromium with 4× CPU
// slowdown and DevTools' "Slow 4G" network (see `network` below), over several runs; and the
// signed-in overview's first paint of its content, counted in round trips after the document.
//
//   npm run build && npx tsx bench/first-paint.ts                  # starts the compiled service
//   npx tsx bench/first-paint.ts --url http://127.0.0.1:8787       # measures a running service
//   npx tsx bench/first-paint.ts --before /tmp/paint-before        # and another built tree, alternately
//
// Options: --url <base> (default: start dist-server/main.mjs serving dist/ on a free port),
// --before <dir> (a checkout with dist/ and dist-server/ built: served too, and measured in
// alternating runs), --runs <n> (default 5), --label <text> (this build's name in the tables),
// --signed-in / --no-signed-in (the overview case; default on), --waterfall (print each overview
// load's requests: when each was sent and when its last byte came, after the document), --floor
// (the overview case also on the smallest page that does the same: one script of --floor-kb kB
// gzip, default 150, and the two API calls in sequence, from bench/paint-floor-page.ts;
// --floor-calls 1 makes them one), --cpu <rate> (default 4) and --no-throttle-network (what the
// CPU alone, or the network alone, takes; round trips are still counted in 562.5 ms). Chromium is E2E_CHROMIUM or the Chromium the e2e
// suite finds.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, CDPSession } from '@playwright/test';
import { freePort, spawnService } from '#server/testing/service-process';
import { sendLoginLink } from '#contract/workspace';
import { completeLogin, createWorkspace } from '#contract/workspace-access';
import { launchChromium } from './browser';
import { floorWorkspaceName, startFloorPage } from './paint-floor-page';
import { printTable } from './table';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    before: { type: 'string' },
    runs: { type: 'string', default: '5' },
    label: { type: 'string', default: 'this build' },
    'signed-in': { type: 'boolean', default: true },
    waterfall: { type: 'boolean', default: false },
    floor: { type: 'boolean', default: false },
    cpu: { type: 'string', default: '4' },
    'throttle-network': { type: 'boolean', default: true },
    'floor-kb': { type: 'string', default: '150' },
    'floor-calls': { type: 'string', default: '2' },
  },
  allowNegative: true,
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
const cpuSlowdown = Number(options.cpu);
const rtt = network.latency;

interface Sample {
  build: string;
  /** When the document's last byte arrived (its navigation entry's responseEnd). */
  documentMs: number;
  fcpMs: number;
  /** The document's protocol as Chromium spoke it (`http/1.1`, `h2`). */
  protocol: string;
  bytes: number;
  jsBytes: number;
  requests: number;
}

interface OverviewSample {
  build: string;
  documentMs: number;
  fcpMs: number;
  protocol: string;
  /** The frame in which the workspace's name was first on the page. */
  contentMs: number;
  requests: number;
  jsBytes: number;
  /** Each request as the page's resource timing saw it (the API calls and the chunks). */
  waterfall: { name: string; startMs: number; endMs: number }[];
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

/** A page in the context with an empty, disabled cache and the throttled profile. */
async function throttledPage(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (options['throttle-network']) await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { page, cdp };
}

const paintTimes = () => {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return {
    documentMs: navigation?.responseEnd ?? NaN,
    fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    protocol: navigation?.nextHopProtocol ?? '?',
  };
};

async function measureSignIn(browser: Browser, base: string, build: string): Promise<Sample> {
  // A new context has an empty cache; disabling it as well keeps every run cold.
  const context = await browser.newContext();
  try {
    const { page, cdp } = await throttledPage(context);
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
    return { build, ...(await page.evaluate(paintTimes)), ...totals };
  } finally {
    await context.close();
  }
}

/** A workspace whose owner's session cookie the context holds, as after a login link. */
async function signInThroughApi(context: BrowserContext, base: string): Promise<string> {
  const email = `paint-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const name = `Paint ${Math.random().toString(36).slice(2, 10)}`;
  const post = async (path: string, data: unknown) => {
    // The API's request envelope: `{ data: … }`.
    const res = await context.request.post(`${base}${path}`, { data: { data } });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return res;
  };
  await post(createWorkspace.path, {
    ownerEmail: email,
    name: 'Paint Owner',
    workspaceName: name,
  });
  await post(sendLoginLink.path, { email, continueUrl: `${base}/sign-in` });
  const outbox = (await (await context.request.get(`${base}/dev/outbox`)).json()) as {
    messages: { to: string; link?: string }[];
  };
  const link = outbox.messages.find((message) => message.to === email)?.link;
  const oobCode = link && new URL(link).searchParams.get('oobCode');
  if (!oobCode) throw new Error(`no login link for ${email} in the outbox`);
  await post(completeLogin.path, { oobCode });
  return name;
}

async function measureOverview(
  browser: Browser,
  base: string,
  build: string,
): Promise<OverviewSample> {
  const context = await browser.newContext();
  try {
    const name = build === 'floor' ? floorWorkspaceName : await signInThroughApi(context, base);
    // The first animation frame in which the name is on the page, in an element of the body that
    // is shown (the app's #root, or the overview the document draws beside it while #root is
    // hidden): the frame that paints it.
    await context.addInitScript((text: string) => {
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const seen = new MutationObserver(() => {
        const shown = [...(document.body?.children ?? [])].some(
          (element) =>
            element instanceof HTMLElement &&
            !element.hidden &&
            element.tagName !== 'SCRIPT' &&
            element.tagName !== 'TEMPLATE' &&
            element.textContent.includes(text),
        );
        if (!shown) return;
        seen.disconnect();
        requestAnimationFrame((frame) => {
          (window as { contentAt?: number }).contentAt = frame;
        });
      });
      seen.observe(document, { childList: true, subtree: true, characterData: true });
    }, name);
    const { page, cdp } = await throttledPage(context);
    const totals = countBytes(cdp);
    await page.goto(`${base}/`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(
      () => (window as { contentAt?: number }).contentAt !== undefined,
      undefined,
      { timeout: 120_000 },
    );
    // The frame that paints the content is timed before it is painted: its paint entry follows.
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      { timeout: 120_000 },
    );
    const times = await page.evaluate(paintTimes);
    const contentMs = await page.evaluate(
      () => (window as { contentAt?: number }).contentAt ?? NaN,
    );
    const waterfall = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        name: new URL(entry.name).pathname,
        startMs: entry.startTime,
        endMs: entry.responseEnd,
      })),
    );
    return {
      build,
      ...times,
      contentMs,
      requests: totals.requests,
      jsBytes: totals.jsBytes,
      waterfall,
    };
  } finally {
    await context.close();
  }
}

async function startService(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const entry = join(dir, 'dist-server/main.mjs');
  if (!existsSync(entry) || !existsSync(join(dir, 'dist/index.html'))) {
    throw new Error(`${dir}: dist/ or dist-server/ is missing: run \`npm run build\` there first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-paint-'));
  const svc = await spawnService(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CONSOLE_DIR: join(dir, 'dist'),
    },
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
const ms = (value: number) => value.toFixed(0);
const ratio = (value: number) => value.toFixed(2);
const trips = (afterDocument: number) => (afterDocument / rtt).toFixed(2);

const builds: { label: string; url: string; stop: () => Promise<void> }[] = [];
const browser = await launchChromium();
const signIn: Sample[] = [];
const overview: OverviewSample[] = [];
try {
  builds.push({
    label: options.label,
    ...(options.url
      ? { url: options.url.replace(/\/$/, ''), stop: () => Promise.resolve() }
      : await startService(resolve('.'))),
  });
  if (options.before) builds.push({ label: 'before', ...(await startService(options.before)) });
  if (options.floor) {
    const calls = options['floor-calls'] === '1' ? 1 : 2;
    builds.push({
      label: 'floor',
      ...(await startFloorPage(Number(options['floor-kb']) * 1000, calls)),
    });
  }
  // One unmeasured load of each first, so that a service's own first-request work is not counted.
  for (const build of builds) {
    if (build.label !== 'floor') await measureSignIn(browser, build.url, build.label);
  }
  for (let run = 1; run <= runs; run++) {
    // Alternating, so that the machine's load falls on every build alike.
    const order = run % 2 ? builds : [...builds].reverse();
    for (const build of order) {
      // The floor page has no sign-in page: it stands beside the overview only.
      if (build.label !== 'floor')
        signIn.push(await measureSignIn(browser, build.url, build.label));
      if (options['signed-in'])
        overview.push(await measureOverview(browser, build.url, build.label));
    }
  }
} finally {
  await browser.close();
  for (const build of builds) await build.stop();
}

console.log(
  `\nCold, CPU ×${cpuSlowdown}, Slow 4G (${((network.downloadThroughput * 8) / 1e6).toFixed(2)} ` +
    `Mbit/s down, ${((network.uploadThroughput * 8) / 1e3).toFixed(0)} kbit/s up, ${rtt} ms RTT)\n`,
);
console.log('Sign-in page, each run (document = its last byte received):\n');
printTable(
  [
    'build',
    'protocol',
    'document ms',
    'FCP ms',
    'FCP / document',
    'bytes kB',
    'JavaScript kB',
    'requests',
  ],
  signIn.map((s) => [
    s.build,
    s.protocol,
    ms(s.documentMs),
    ms(s.fcpMs),
    ratio(s.fcpMs / s.documentMs),
    kB(s.bytes),
    kB(s.jsBytes),
    String(s.requests),
  ]),
);
console.log('');
printTable(
  [
    'build',
    'runs',
    'document ms',
    'FCP median ms',
    'FCP min–max ms',
    'FCP / document',
    'bytes kB',
    'JavaScript kB',
  ],
  builds.flatMap(({ label }) => {
    const mine = signIn.filter((s) => s.build === label);
    if (mine.length === 0) return [];
    const fcp = mine.map((s) => s.fcpMs);
    return [
      [
        label,
        String(mine.length),
        ms(median(mine.map((s) => s.documentMs))),
        ms(median(fcp)),
        `${ms(Math.min(...fcp))}–${ms(Math.max(...fcp))}`,
        ratio(median(mine.map((s) => s.fcpMs / s.documentMs))),
        kB(median(mine.map((s) => s.bytes))),
        kB(median(mine.map((s) => s.jsBytes))),
      ],
    ];
  }),
);
if (overview.length > 0) {
  console.log(
    `\nSigned-in overview (a person's session cookie, nothing cached), each run; round trips = ` +
      `(content − document) / ${rtt} ms:\n`,
  );
  printTable(
    [
      'build',
      'protocol',
      'document ms',
      'FCP ms',
      'content ms',
      'round trips after document',
      'requests',
      'JavaScript kB',
    ],
    overview.map((s) => [
      s.build,
      s.protocol,
      ms(s.documentMs),
      ms(s.fcpMs),
      ms(s.contentMs),
      trips(s.contentMs - s.documentMs),
      String(s.requests),
      kB(s.jsBytes),
    ]),
  );
  if (options.waterfall) {
    for (const s of overview) {
      console.log(`\n${s.build}: requests after the document (${ms(s.documentMs)} ms), in ms:\n`);
      printTable(
        ['request', 'sent', 'last byte'],
        s.waterfall.map((entry) => [entry.name, ms(entry.startMs), ms(entry.endMs)]),
      );
    }
  }
  console.log('');
  printTable(
    ['build', 'runs', 'document ms', 'content median ms', 'round trips after document (median)'],
    builds.map(({ label }) => {
      const mine = overview.filter((s) => s.build === label);
      return [
        label,
        String(mine.length),
        ms(median(mine.map((s) => s.documentMs))),
        ms(median(mine.map((s) => s.contentMs))),
        trips(median(mine.map((s) => s.contentMs - s.documentMs))),
      ];
    }),
  );
}
