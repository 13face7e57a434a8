// The console's virtualized DataTable with 1,000 to 100,000 rows in Chromium: first render, rows
// in the DOM, frame times while scrolling through, and keyboard jumps to the last row and back.
// Run with `npx tsx bench/data-table.ts` (E2E_CHROMIUM names the browser; ROWS a list of counts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Page } from '@playwright/test';
import { launchChromium } from './browser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { printTable } from './table';

const counts = (process.env.ROWS ?? '1000,10000,100000').split(',').map(Number);
const scrollSteps = 300;

const outDir = mkdtempSync(join(tmpdir(), 'bench-data-table-'));
await build({
  configFile: false,
  root: 'bench/data-table',
  base: './',
  logLevel: 'warn',
  plugins: [react(), tailwindcss()],
  build: { outDir, emptyOutDir: true },
});

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};
const server = createServer((request, response) => {
  const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
  try {
    const body = readFileSync(join(outDir, path || 'index.html'));
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'text/html' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await launchChromium();

/** Scrolls the table's box through `steps` frames of `stepPx` each; answers the frame times. */
function scrollThrough(page: Page, steps: number): Promise<number[]> {
  return page.evaluate(async (steps) => {
    const box = document.querySelector('[role=grid]')?.parentElement;
    if (!box) throw new Error('no table');
    const stepPx = (box.scrollHeight - box.clientHeight) / steps;
    const frames: number[] = [];
    let last = performance.now();
    for (let step = 1; step <= steps; step += 1) {
      box.scrollTop = step * stepPx;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    return frames;
  }, steps);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => value.toFixed(1);

const results: string[][] = [];
for (const count of counts) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => console.error(error));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(message.text());
  });
  await page.goto(`${base}/?rows=${count}`);
  await page.waitForFunction(() => window.renderedMs !== undefined);
  const renderedMs = await page.evaluate(() => window.renderedMs ?? 0);
  const rowsInDom = await page.locator('tbody tr').count();

  const frames = await scrollThrough(page, scrollSteps);
  const slow = frames.filter((frame) => frame > 50).length;
  const domAfter = await page.locator('tbody tr').count();

  // The keyboard: from the first row, End to the last and Home back.
  await page.evaluate(() => document.querySelector('[role=grid]')?.parentElement?.scrollTo(0, 0));
  await page.locator('tbody tr').first().focus();
  let started = Date.now();
  await page.keyboard.press('End');
  await page.waitForFunction(
    (last) => document.activeElement?.getAttribute('aria-rowindex') === String(last),
    count + 1,
  );
  const endMs = Date.now() - started;
  started = Date.now();
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-rowindex') === '2');
  const homeMs = Date.now() - started;
  await page.close();

  results.push([
    count.toLocaleString('en'),
    ms(renderedMs),
    String(Math.max(rowsInDom, domAfter)),
    ms(percentile(frames, 50)),
    ms(percentile(frames, 95)),
    ms(Math.max(...frames)),
    `${slow}/${frames.length}`,
    String(endMs),
    String(homeMs),
  ]);
}

await browser.close();
server.close();
rmSync(outDir, { recursive: true, force: true });

printTable(
  [
    'rows',
    'first render ms',
    'rows in DOM',
    'scroll frame p50 ms',
    'p95 ms',
    'max ms',
    'frames > 50 ms',
    'End ms',
    'Home ms',
  ],
  results,
);
