import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as https1 } from 'node:https';
import { type ClientHttp2Session, connect, constants } from 'node:http2';
import { tmpdir } from 'node:os';
import { connect as tlsConnect } from 'node:tls';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCurrentSession } from '#contract/sessions';
import { type TestService, startTestService } from '../testing/test-service';

// TLS_CERT_FILE/TLS_KEY_FILE: a certificate for 127.0.0.1 made for this file, trusted as its own CA.
const dir = mkdtempSync(join(tmpdir(), 'svc-https-'));
const certFile = join(dir, 'cert.pem');
const keyFile = join(dir, 'key.pem');
const consoleDir = join(dir, 'console');
execFileSync(
  'openssl',
  [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
    ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ...['-keyout', keyFile, '-out', certFile],
  ],
  { stdio: 'ignore' },
);
const ca = readFileSync(certFile);
const themeScript = 'document.documentElement.dataset.theme = "light";';
mkdirSync(consoleDir);
writeFileSync(
  join(consoleDir, 'index.html'),
  `<!doctype html><html><head><script>${themeScript}</script></head><body><div id="root"></div></body></html>`,
);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that differ between any two answers, or by protocol (HTTP/2 has no connection headers). */
const perAnswer = new Set([
  'date',
  'x-request-id',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const comparable = (answer: Answer) => ({
  status: answer.status,
  body: answer.body,
  headers: Object.fromEntries(
    Object.entries(answer.headers).filter(
      ([name]) => !perAnswer.has(name) && !name.startsWith(':'),
    ),
  ),
});

function overHttp2(
  session: ClientHttp2Session,
  method: string,
  path: string,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({
      ':method': method,
      ':path': path,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    });
    let status = 0;
    const headers: Record<string, string> = {};
    stream.on('response', (received) => {
      status = Number(received[':status']);
      for (const [name, value] of Object.entries(received)) headers[name] = String(value);
    });
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ status, headers, body: Buffer.concat(chunks).toString() }));
    stream.on('error', reject);
    stream.end(body);
  });
}

function overHttp1(url: string, method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https1(
      `${url}${path}`,
      {
        method,
        // Node's HTTPS client offers no ALPN: a client that speaks only HTTP/1.1.
        ca,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([name, value]) => [name, String(value)]),
            ),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  let svc: TestService;
  let session: ClientHttp2Session;
  beforeAll(async () => {
    svc = await startTestService({
      env: {
        TLS_CERT_FILE: certFile,
        TLS_KEY_FILE: keyFile,
        CONSOLE_DIR: consoleDir,
        // Short enough for the trickled body below to outlast it.
        HEADERS_TIMEOUT_MS: '300',
        REQUEST_TIMEOUT_MS: '300',
      },
    });
    session = connect(svc.url, { ca });
    await once(session, 'connect');
  });
  afterAll(async () => {
    session.close();
    await svc.close();
  });

  it('serves HTTP/2, with the answers and headers of HTTP/1.1 on the same port', async () => {
    expect(svc.url).toMatch(/^https:/);
    expect(session.alpnProtocol).toBe('h2');
    const requests: [string, string, string?][] = [
      ['GET', '/healthz'],
      ['GET', '/'],
      ['GET', '/no-such-file.js'],
      // An API call without a session: the error envelope.
      ['POST', getCurrentSession.path, '{}'],
      ['POST', getCurrentSession.path, '{"data":'],
    ];
    for (const [method, path, body] of requests) {
      const h2 = await overHttp2(session, method, path, body);
      const h1 = await overHttp1(svc.url, method, path, body);
      expect(comparable(h2), `${method} ${path}`).toEqual(comparable(h1));
    }
    const page = await overHttp2(session, 'GET', '/');
    expect(page.status).toBe(200);
    // Over TLS: HSTS, and the page's inline script allowed by its hash, as over plain HTTP.
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const refused = await overHttp2(session, 'POST', getCurrentSession.path, '{}');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });

  it('cancels an HTTP/2 request whose body has not arrived within REQUEST_TIMEOUT_MS', async () => {
    const stream = session.request({
      ':method': 'POST',
      ':path': getCurrentSession.path,
      'content-type': 'application/json',
    });
    // Part of a body, and then nothing: over HTTP/1.1 Node answers 408 past the limit.
    stream.write('{"data":');
    await once(stream, 'close');
    expect(stream.rstCode).toBe(constants.NGHTTP2_CANCEL);
    // The session itself stays usable.
    expect((await overHttp2(session, 'GET', '/healthz')).status).toBe(200);
  });

  it('answers 408 to an HTTP/1.1 client whose headers trickle past HEADERS_TIMEOUT_MS', async () => {
    const { port } = new URL(svc.url);
    const socket = tlsConnect({
      host: '127.0.0.1',
      port: Number(port),
      ca,
      ALPNProtocols: ['http/1.1'],
    });
    await once(socket, 'secureConnect');
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'close');
    const answer = Buffer.concat(chunks).toString();
    // Node's default for this server would have waited 60 s.
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"status":"INVALID_ARGUMENT"');
  });
});

describe('closing a service that speaks HTTP/2', () => {
  it('ends the open HTTP/2 sessions instead of waiting for them to go idle', async () => {
    const svc = await startTestService({
      env: { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
    });
    const open = connect(svc.url, { ca });
    await once(open, 'connect');
    expect((await overHttp2(open, 'GET', '/healthz')).status).toBe(200);
    const ended = once(open, 'close');
    // Without the service ending it, the idle session held close() until KEEP_ALIVE_TIMEOUT_MS.
    await svc.close();
    await ended;
    expect(open.closed || open.destroyed).toBe(true);
  });
});
