import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '#scripts/precompress';
import { type TestService, startTestService } from '../testing/test-service';
import { createWorkspace } from '#contract/workspace-access';

// A built console in miniature: an index, one hashed chunk large enough to be worth compressing,
// and an unhashed file of public/, precompressed by the same code as the Vite build.
const consoleDir = mkdtempSync(join(tmpdir(), 'svc-console-'));
const chunk = '/assets/app-Ab12Cd34.js';
const chunkSource = Array.from(
  { length: 400 },
  (_, i) => `export const value${i} = 'the console chunk, line ${i}';`,
).join('\n');
const indexHtml = `<!doctype html><html><head><script src="/theme-init.js"></script><script type="module" src="${chunk}"></script></head><body><div id="root"></div></body></html>`;
// The page as the service answers it: naming the other servers the console may call, none here
// (console-servers.test.ts).
const servedIndex = indexHtml.replace(
  '</head>',
  '<meta name="console-servers" content="" /></head>',
);

let svc: TestService;
beforeAll(async () => {
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'index.html'), indexHtml);
  writeFileSync(join(consoleDir, chunk), chunkSource);
  writeFileSync(join(consoleDir, 'theme-init.js'), '// sets the theme class\n');
  precompressDir(consoleDir, 0);
  svc = await startTestService({ env: { CONSOLE_DIR: consoleDir } });
});
afterAll(async () => {
  await svc.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

const immutable = 'public, max-age=31536000, immutable';

function compressedSize(suffix: '.br' | '.gz'): string {
  return String(statSync(join(consoleDir, chunk + suffix)).size);
}

describe('hashed assets', () => {
  it('are sent brotli-compressed to a client that accepts brotli', async () => {
    const res = await svc.fetch(chunk, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBe(compressedSize('.br'));
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes the body: what arrives is the chunk itself.
    expect(res.body).toBe(chunkSource);
  });

  it('are sent gzip-compressed to a client that accepts only gzip', async () => {
    const res = await svc.fetch(chunk, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-length')).toBe(compressedSize('.gz'));
    expect(res.body).toBe(chunkSource);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const res = await svc.fetch(chunk, { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(chunkSource)));
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('are cached for a year as immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await svc.fetch(chunk, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('cache-control')).toBe(immutable);
    }
  });

  it('answer 404 with the NOT_FOUND envelope when missing, not the index', async () => {
    for (const path of ['/assets/nonexistent.js', '/assets/app.css', '/favicon.ico', '/x/y.js']) {
      const res = await svc.fetch(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({
        error: { status: 'NOT_FOUND', message: expect.any(String) },
      });
    }
  });

  it('are never addressed by their compressed names', async () => {
    const res = await svc.fetch(`${chunk}.br`);
    expect(res.status).toBe(404);
  });
});

describe('index.html and the console pages', () => {
  it('answers index.html with no-cache, compressed where accepted', async () => {
    const res = await svc.fetch('/', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.body).toBe(servedIndex);
  });

  it('answers index.html for client-side routes', async () => {
    for (const path of ['/sign-in', '/keys/ak_x/webhooks', '/organizations/acme.com']) {
      const res = await svc.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.body).toBe(servedIndex);
    }
  });

  it('revalidates the unhashed files of public/', async () => {
    const res = await svc.fetch('/theme-init.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('keeps the API answers: NOT_FOUND for unknown paths, 405 for other methods', async () => {
    const unknown = await svc.fetch('/v2/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { status: 'NOT_FOUND' } });
    const method = await svc.fetch(createWorkspace.path);
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('POST');
    expect(method.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });
});

describe('the console source', () => {
  // Inline scripts are allowed by their hashes (console-page.test.ts); a classic script with a src
  // would hold the first paint for a round trip.
  it('loads no script that blocks the first paint', () => {
    const html = readFileSync('index.html', 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      if (/\bsrc=/.test(attributes ?? '')) {
        expect(attributes).toMatch(/\btype="module"/);
        expect(body?.trim()).toBe('');
      } else {
        expect(body?.trim()).not.toBe('');
      }
    }
  });
});
