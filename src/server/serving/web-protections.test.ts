import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '#contract/endpoints';
import { buildOpenApiDocument } from '#contract/openapi';
import { loadConfig } from '../config/config';
import { uniqueEmail } from '../testing/fixtures';
import { securityHeaders } from './security-headers';
import { type Reply, type TestService, startTestService } from '../testing/test-service';
import { getEmailVerificationStatus, getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { credentialHeaderPairs, credentialHeaders } from '#contract/credentials';

const consoleOrigin = 'https://console.example.com';

interface OpenApi {
  components: { securitySchemes: Record<string, { name: string; in: string }> };
}

let svc: TestService;
let cors: TestService;
beforeAll(async () => {
  svc = await startTestService();
  // The same database behind a second service that lets one other origin call it.
  cors = await startTestService({
    database: svc.database,
    env: { CORS_ORIGINS: `${consoleOrigin}, http://localhost:5173` },
  });
});
afterAll(async () => {
  await cors.close();
  await svc.close();
});

function expectSecurityHeaders(res: Reply, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  // Not over plain HTTP: a browser ignores it there, and it must not pin a host that has no TLS.
  expect(res.headers.get('strict-transport-security'), what).toBeNull();
  // Set by the same hook as the headers above.
  expect(res.headers.get('x-request-id'), what).toMatch(/^[\w.-]{1,64}$/);
}

describe('security headers', () => {
  it('are on every answer: success, refusals, unknown paths, wrong methods, health', async () => {
    const answers: [string, Reply][] = [
      ['healthz', await svc.fetch('/healthz')],
      ['openapi', await svc.fetch('/openapi.json')],
      ['success', await svc.send(createWorkspace, { ownerEmail: uniqueEmail() })],
      ['validation error', await svc.send(createWorkspace, { ownerEmail: 'x' })],
      ['unauthenticated', await svc.send(getWorkspace, {})],
      [
        'malformed JSON',
        await svc.fetch(createWorkspace.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{',
        }),
      ],
      ['unknown path', await svc.fetch('/v2/nothing')],
      ['wrong method', await svc.fetch(createWorkspace.path, { method: 'DELETE' })],
      ['outbox', await svc.fetch('/dev/outbox')],
      [
        'unsupported content encoding',
        await svc.fetch(createWorkspace.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': 'zstd' },
          body: '{}',
        }),
      ],
      [
        'refused preflight',
        await cors.fetch(createWorkspace.path, {
          method: 'OPTIONS',
          headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
        }),
      ],
      [
        'allowed preflight',
        await cors.fetch(createWorkspace.path, {
          method: 'OPTIONS',
          headers: { origin: consoleOrigin, 'access-control-request-method': 'POST' },
        }),
      ],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
    expect(answers.map(([, res]) => res.status)).toEqual([
      200, 200, 200, 400, 400, 400, 404, 405, 200, 415, 403, 204,
    ]);
  });

  it('add Strict-Transport-Security to answers that came over TLS', () => {
    expect(securityHeaders(true)['strict-transport-security']).toMatch(/^max-age=\d{8}/);
    expect(securityHeaders(false)).not.toHaveProperty('strict-transport-security');
  });
});

describe('CORS', () => {
  const preflight = (origin: string, path: string = getWorkspace.path) =>
    cors.fetch(path, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': ['content-type', ...credentialHeaderPairs.workspace].join(
          ', ',
        ),
      },
    });

  it('answers a preflight from a listed origin with what the console sends', async () => {
    const res = await preflight(consoleOrigin);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'content-type',
      credentialHeaders.workspaceId,
      credentialHeaders.workspaceToken,
      credentialHeaders.apiKey,
      credentialHeaders.apiKeyToken,
    ]) {
      expect(allowed).toContain(header);
    }
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expectSecurityHeaders(res, 'preflight');
    const local = await preflight('http://localhost:5173');
    expect(local.status).toBe(204);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  const refusedOrigin = (origin: string) => ({
    error: {
      status: 'PERMISSION_DENIED',
      message: `The origin ${origin} may not call this service from a browser: it is not in CORS_ORIGINS.`,
    },
  });

  function expectNoCorsHeaders(res: Reply, what: string) {
    for (const [name] of res.headers) expect(name, what).not.toMatch(/^access-control-/);
  }

  it('refuses a preflight from another origin: 403, PERMISSION_DENIED, no CORS header', async () => {
    for (const origin of ['https://evil.example', 'https://console.example.com.evil.example']) {
      for (const path of [getWorkspace.path, '/v2/nothing/here', '/openapi.json']) {
        const res = await preflight(origin, path);
        expect(res.status, path).toBe(403);
        expect(res.body).toEqual(refusedOrigin(origin));
        expectNoCorsHeaders(res, `${origin} ${path}`);
        expectSecurityHeaders(res, 'refused preflight');
      }
    }
  });

  it('refuses every preflight when no origin is listed (the default)', async () => {
    const res = await svc.fetch(getWorkspace.path, {
      method: 'OPTIONS',
      headers: { origin: consoleOrigin, 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refusedOrigin(consoleOrigin));
    expectNoCorsHeaders(res, 'no origin listed');
  });

  it('answers an OPTIONS that is no preflight as another method: 405 on an endpoint path', async () => {
    const res = await cors.fetch(getWorkspace.path, {
      method: 'OPTIONS',
      headers: { origin: consoleOrigin },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('answers a listed origin’s preflight on every endpoint path, and marks the call after it', async () => {
    // The credential headers of the contract's security schemes, a JSON body (compressed or
    // not) and a request id.
    const { securitySchemes } = (buildOpenApiDocument() as unknown as OpenApi).components;
    const requested = [
      'content-type',
      'content-encoding',
      'x-request-id',
      // The headers among them; the session cookie is no header a page names.
      ...Object.values(securitySchemes)
        .filter((scheme) => scheme.in === 'header')
        .map((scheme) => scheme.name),
    ];
    expect(requested).toContain(credentialHeaders.apiKeyToken);
    // Every endpoint of the contract, and a path that names none: the page then reads its
    // NOT_FOUND instead of a call the browser blocked.
    const paths = [...allEndpoints.map((e) => e.path), '/v2/nothing/here'];
    for (const path of paths) {
      const res = await cors.fetch(path, {
        method: 'OPTIONS',
        headers: {
          origin: consoleOrigin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': requested.join(','),
        },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), path).toBe(consoleOrigin);
      expect(res.headers.get('access-control-allow-methods'), path).toBe('POST');
      const allowed = (res.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
      expect(
        requested.filter((h) => !allowed.includes(h)),
        path,
      ).toEqual([]);
      expect(res.headers.get('access-control-max-age'), path).toBe('600');
      expect(res.headers.get('vary'), path).toMatch(/origin/i);
      const call = await cors.post(path, { unknownField: 1 }, { origin: consoleOrigin });
      expect(call.status, path).toBeGreaterThanOrEqual(400);
      expect(call.headers.get('access-control-allow-origin'), path).toBe(consoleOrigin);
      expect(call.body, path).toHaveProperty('error.status');
    }
  });

  it('marks the actual answers to a listed origin, errors included, and no others', async () => {
    const headers = { origin: consoleOrigin };
    const ok = await cors.send(createWorkspace, { ownerEmail: uniqueEmail() }, { headers });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-request-id');
    const refused = await cors.send(getWorkspace, {}, { headers });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    const other = await cors.send(
      getWorkspace,
      {},
      { headers: { origin: 'https://evil.example' } },
    );
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a CORS_ORIGINS entry that is not an origin', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'console.example.com' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({ CORS_ORIGINS: 'https://A.example:443/' }).serving.corsOrigins).toEqual([
      'https://a.example',
    ]);
  });
});

describe('the local outbox', () => {
  const fromAddress = (app: TestService, remoteAddress: string) =>
    app.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress });

  it('lists login links to clients on this machine', async () => {
    const res = await svc.fetch('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('messages');
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await fromAddress(svc, address)).statusCode, address).toBe(200);
    }
  });

  it('refuses every other client', async () => {
    for (const address of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.9', 'fe80::1']) {
      const res = await fromAddress(svc, address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json()).toEqual({
        error: { status: 'PERMISSION_DENIED', message: expect.stringContaining('same machine') },
      });
      expect(res.body).not.toContain('oobCode');
    }
  });

  it('serves remote clients only when the operator allowed it', async () => {
    const allowed = await startTestService({
      database: svc.database,
      env: { ALLOW_REMOTE_OUTBOX: 'true' },
    });
    try {
      expect((await fromAddress(allowed, '203.0.113.7')).statusCode).toBe(200);
    } finally {
      await allowed.close();
    }
  });

  it('keeps the service from starting on a non-loopback HOST without SMTP or consent', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.9']) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(/ALLOW_REMOTE_OUTBOX=true/);
    }
    expect(() => loadConfig({ HOST: '0.0.0.0', ALLOW_REMOTE_OUTBOX: 'true' })).not.toThrow();
    expect(() => loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:587' })).not.toThrow();
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) {
      expect(() => loadConfig({ HOST: host }), host).not.toThrow();
    }
  });
});

describe('the access log', () => {
  it('records the path of a request, never its query string', async () => {
    const secret = `oob${Date.now().toString(36)}Secret`;
    await svc.fetch(`/sign-in?oobCode=${secret}&mode=signIn`);
    const { path } = getEmailVerificationStatus;
    await svc.post(`${path}?token=${secret}`, { email: uniqueEmail() });
    const logs = svc.logs.join('');
    expect(logs).toContain('"path":"/sign-in"');
    expect(logs).toContain(`"path":"${path}"`);
    expect(logs).not.toContain(secret);
  });
});
