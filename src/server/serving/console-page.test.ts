import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from '../testing/test-service';

// A built index.html in miniature, shaped as scripts/first-paint-html.ts writes it: the stylesheet
// inline, an inline script in <head>, and per page a <template data-for> for the service to unwrap.
const consoleDir = mkdtempSync(join(tmpdir(), 'svc-console-page-'));
const themeScript = "document.documentElement.classList.toggle('dark', false);";
const shellScript = 'document.getElementById("prerendered-shell");';
const form = '<form><input name="email" /><button type="submit">Send login link</button></form>';
const indexHtml =
  `<!doctype html><html><head><script>${themeScript}</script>` +
  '<script type="module" crossorigin src="/assets/index-A1.js"></script>' +
  '<style>.bg-surface{background:white}</style></head><body>' +
  `<template data-for="sign-in"><link rel="modulepreload" href="/assets/sign-in-B2.js"><div id="prerendered-shell">${form}</div></template>` +
  '<template data-for="overview"><link rel="modulepreload" href="/assets/overview-C3.js"></template>' +
  `<div id="root"></div><template data-for="sign-in"><script>${shellScript}</script></template></body></html>`;

let svc: TestService;
beforeAll(async () => {
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'index.html'), indexHtml);
  svc = await startTestService({ env: { CONSOLE_DIR: consoleDir } });
});
afterAll(async () => {
  await svc.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

async function page(path: string) {
  const res = await svc.fetch(path, { headers: { 'accept-encoding': 'br' } });
  expect(res.status, path).toBe(200);
  // Not JSON: the page as it was sent (decoded).
  const html: unknown = res.body;
  if (typeof html !== 'string') throw new Error(`${path} was not answered with text`);
  const policy = res.headers.get('content-security-policy') ?? '';
  const scriptSrc = policy
    .split(';')
    .find((directive) => directive.trim().startsWith('script-src'));
  return { res, html, scriptSrc: scriptSrc?.trim().split(/\s+/).slice(1) ?? [] };
}

describe('the console page drawn from the document', () => {
  it('at /sign-in is the drawn form with its stylesheet, its preloads and its script', async () => {
    for (const path of ['/sign-in', '/sign-in?redirect=%2Fkeys%2Fak_1', '/sign-in?method=link']) {
      const { html } = await page(path);
      expect(html, path).toContain(`<div id="prerendered-shell">${form}</div>`);
      expect(html, path).toContain('<style>.bg-surface{background:white}</style>');
      expect(html, path).toContain('href="/assets/sign-in-B2.js"');
      expect(html, path).toContain(`<script>${shellScript}</script>`);
      expect(html, path).not.toContain('<template');
      expect(html, path).not.toContain('overview-C3');
    }
  });

  it('elsewhere draws no page: a signed-in tab must not see a sign-in form', async () => {
    const elsewhere = [
      '/keys/ak_1/webhooks',
      '/sign-in?mode=signIn&oobCode=abc',
      '/sign-in?choose=true',
      '/sign-in?method=token',
      '/',
    ];
    for (const path of elsewhere) {
      const { html } = await page(path);
      expect(html, path).not.toContain('prerendered-shell');
      expect(html, path).not.toContain('<template');
      expect(html, path).not.toContain('sign-in-B2');
      // Every page keeps the stylesheet and the theme script: they paint the first frame.
      expect(html, path).toContain(`<script>${themeScript}</script>`);
    }
    expect((await page('/')).html).toContain('href="/assets/overview-C3.js"');
  });

  it('allows each inline script by its hash, and no other inline script, on every variant', async () => {
    for (const path of ['/sign-in', '/', '/keys/ak_1']) {
      const { html, scriptSrc } = await page(path);
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) =>
        sha256(body ?? ''),
      );
      expect(inline.length, path).toBeGreaterThan(0);
      expect(scriptSrc.sort(), path).toEqual(["'self'", ...inline].sort());
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    }
  });

  it('revalidates each variant by an ETag of its own', async () => {
    const signIn = (await page('/sign-in')).res.headers.get('etag');
    const other = (await page('/keys/ak_1')).res.headers.get('etag');
    expect(signIn).toBeTruthy();
    expect(signIn).not.toBe(other);
    const again = await svc.fetch('/sign-in', { headers: { 'if-none-match': signIn ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toContain(sha256(shellScript));
    const crossed = await svc.fetch('/keys/ak_1', { headers: { 'if-none-match': signIn ?? '' } });
    expect(crossed.status).toBe(200);
  });
});
