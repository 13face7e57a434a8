import { expect, test } from '@playwright/test';
import { allEndpoints } from '#contract/endpoints';
import { getApiKeyConfig } from '#contract/api-keys';
import { credentialHeaders, headersOf } from '#contract/credentials';
import { workspaceWithKey } from './support/webhooks';

/**
 * A page of another origin calling the service, as a console pointed at another server does:
 * Chromium sends the preflights and enforces the answers. The e2e service lists
 * `http://localhost:<port>` in CORS_ORIGINS (scripts/e2e-server.mjs) and is reached at
 * `http://127.0.0.1:<port>`, so a page on one calling the other is cross-origin, on one machine;
 * a page of a name nothing listens on, drawn by the browser, is an origin it does not list.
 */

// The page is the service's /healthz, a document of that origin; its CSP is the console's
// business, not what this test is about (which servers the console may call is a setting).
test.use({ bypassCSP: true });

interface Seen {
  path: string;
  status: number;
  /** The envelope's top-level keys: `result`, `error`, or envelope C's. */
  envelope: string[];
  requestId: string | null;
}

test('a listed origin calls every endpoint from a browser, compressed too; another is refused', async ({
  page,
  request,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const service = new URL(baseURL);
  const listedOrigin = `http://localhost:${service.port}`;
  const { workspace, credentials } = await workspaceWithKey(request, 'cors');
  const headersByAuth: Record<string, Record<string, string>> = {
    public: {},
    workspace: headersOf({
      kind: 'workspace',
      id: workspace.id,
      token: workspace.authToken,
    }),
    apiKey: headersOf({ kind: 'apiKey', id: credentials.apiKey, token: credentials.token }),
  };
  const calls = allEndpoints.map((e) => ({ path: e.path, headers: headersByAuth[e.auth] ?? {} }));

  await page.goto(`${listedOrigin}/healthz`);
  // Every endpoint with its credentials (custom headers: a preflight each) and a field that no
  // endpoint takes, which changes nothing: the page reads each answer, its request id included.
  const seen = await page.evaluate(
    async ({ base, calls }) =>
      Promise.all(
        calls.map(async ({ path, headers }): Promise<Seen> => {
          const res = await fetch(base + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify({ data: { notAField: 1 } }),
          });
          return {
            path,
            status: res.status,
            envelope: Object.keys((await res.json()) as object),
            requestId: res.headers.get('x-request-id'),
          };
        }),
      ),
    { base: baseURL, calls },
  );
  expect(seen).toHaveLength(allEndpoints.length);
  for (const answer of seen) {
    expect(answer.status, answer.path).toBeLessThan(500);
    expect(answer.envelope, answer.path).toEqual(
      answer.status >= 400
        ? ['error']
        : expect.arrayContaining([expect.stringMatching(/^(result|data)$/)]),
    );
    expect(answer.requestId, answer.path).toMatch(/\S/);
  }

  // A body compressed in the browser (CompressionStream), sent with Content-Encoding.
  const added = await page.evaluate(
    async ({ base, headers }) => {
      const json = JSON.stringify({
        data: { organizations: [{ organizationId: 'cors-org', organizationName: 'Gzipped' }] },
      });
      const gzipped = await new Response(
        new Blob([json]).stream().pipeThrough(new CompressionStream('gzip')),
      ).arrayBuffer();
      const res = await fetch(`${base}/v2/organizations/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', ...headers },
        body: gzipped,
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { base: baseURL, headers: headersByAuth.apiKey ?? {} },
  );
  expect(added).toMatchObject({
    status: 200,
    body: { result: { data: { 'cors-org': { success: true } } } },
  });

  // A page of an origin CORS_ORIGINS does not list (served by the browser itself: nothing listens
  // there) calling the service. The preflight is refused, so the browser never sends the call.
  const unlistedOrigin = 'http://unlisted.example';
  await page.route(`${unlistedOrigin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }),
  );
  await page.goto(`${unlistedOrigin}/`);
  const refused = await page.evaluate(
    async ({ target, path, keyHeader }) => {
      try {
        await fetch(`${target}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [keyHeader]: 'ak_x' },
          body: '{}',
        });
        return 'answered';
      } catch (error) {
        return error instanceof TypeError ? 'blocked' : String(error);
      }
    },
    { target: baseURL, path: getApiKeyConfig.path, keyHeader: credentialHeaders.apiKey },
  );
  expect(refused).toBe('blocked');
});
