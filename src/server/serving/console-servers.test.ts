import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SERVERS_META } from '#contract/console-page';
import { loadConfig } from '../config/config';
import { uniqueEmail } from '../testing/fixtures';
import { type Reply, type TestService, startTestService } from '../testing/test-service';
import { getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';

const consoleDir = mkdtempSync(join(tmpdir(), 'svc-console-servers-'));
const indexHtml = '<!doctype html><html><head><title>Console</title></head><body></body></html>';
const servers = ['https://api.example.com', 'http://localhost:9000'];

let plain: TestService;
let listed: TestService;
beforeAll(async () => {
  writeFileSync(join(consoleDir, 'index.html'), indexHtml);
  plain = await startTestService({ env: { CONSOLE_DIR: consoleDir } });
  listed = await startTestService({
    database: plain.database,
    env: {
      CONSOLE_DIR: consoleDir,
      CONSOLE_SERVERS: ' https://API.example.com:443/ ,http://localhost:9000',
    },
  });
});
afterAll(async () => {
  await listed.close();
  await plain.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

/** A Content-Security-Policy as directive name → its sources. */
function policy(res: Reply): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The answers a console and its API give: a page, an endpoint, a refusal, an unknown path. */
async function answers(svc: TestService): Promise<[string, Reply][]> {
  return [
    ['console page', await svc.fetch('/sign-in')],
    ['success', await svc.send(createWorkspace, { ownerEmail: uniqueEmail() })],
    ['refusal', await svc.send(getWorkspace, {})],
    ['unknown path', await svc.fetch('/v2/nothing')],
  ];
}

function servedMeta(res: Reply): string | undefined {
  const body = typeof res.body === 'string' ? res.body : '';
  const pattern = new RegExp(`<meta name="${CONSOLE_SERVERS_META}" content="([^"]*)" />`);
  return pattern.exec(body)?.[1];
}

describe('the console may connect to this service only, unless CONSOLE_SERVERS names others', () => {
  it("answers connect-src 'self' and nothing else by default", async () => {
    for (const [what, res] of await answers(plain)) {
      expect(policy(res).get('connect-src'), what).toEqual(["'self'"]);
      expect(policy(res).get('default-src'), what).toEqual(["'self'"]);
    }
  });

  it('adds the origins CONSOLE_SERVERS names, as origins', async () => {
    for (const [what, res] of await answers(listed)) {
      expect(policy(res).get('connect-src'), what).toEqual(["'self'", ...servers]);
      expect(policy(res).get('script-src'), what).toEqual(["'self'"]);
    }
  });

  it('refuses to start with an entry that is not an origin', () => {
    for (const value of [
      'api.example.com',
      'https://api.example.com/v2',
      'ftp://files.example',
      '*',
    ]) {
      expect(() => loadConfig({ CONSOLE_SERVERS: value }), value).toThrow(/^CONSOLE_SERVERS: /);
    }
    expect(loadConfig({}).serving.consoleServers).toEqual([]);
  });
});

describe("the console's page names those servers, for the sign-in page to say so", () => {
  it('in a meta of index.html, at every console address, empty by default', async () => {
    for (const path of ['/', '/sign-in', '/outbox', '/index.html']) {
      const res = await listed.fetch(path);
      expect(res.status, path).toBe(200);
      expect(servedMeta(res), path).toBe(servers.join(' '));
      expect(servedMeta(await plain.fetch(path)), path).toBe('');
    }
  });

  it('as the same page in every encoding, revalidated by its ETag', async () => {
    const pages = new Set<string>();
    for (const encoding of ['br', 'gzip', 'identity', 'gzip;q=0, br;q=0']) {
      const res = await listed.fetch('/', { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding') ?? 'identity', encoding).toBe(
        encoding.includes('q=0') ? 'identity' : encoding,
      );
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      pages.add(typeof res.body === 'string' ? res.body : JSON.stringify(res.body));
    }
    expect([...pages]).toEqual([
      indexHtml.replace(
        '</head>',
        `<meta name="${CONSOLE_SERVERS_META}" content="${servers.join(' ')}" /></head>`,
      ),
    ]);
    const first = await listed.fetch('/keys/ak_x');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await listed.fetch('/keys/ak_x', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Another list of servers is another page.
    expect((await plain.fetch('/')).headers.get('etag')).not.toBe(etag);
  });
});
