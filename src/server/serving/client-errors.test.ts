import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { type TestService, startTestService } from '../testing/test-service';

// Timeouts scaled down from their defaults so that the test runs in seconds.
const headersMs = 800;
const requestMs = 1_500;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    env: { HEADERS_TIMEOUT_MS: String(headersMs), REQUEST_TIMEOUT_MS: String(requestMs) },
  });
});
afterAll(() => svc.close());

interface RawAnswer {
  status: number | undefined;
  headers: string;
  body: unknown;
  /** Milliseconds from connecting until the service closed the connection. */
  ms: number;
}

/**
 * Writes `head` on a fresh connection, then, if asked, one byte every `trickleMs`, and reads until
 * the service closes the connection or `giveUpMs` passes (then `status` is undefined).
 */
function rawRequest(head: string, trickleMs?: number, giveUpMs = 8_000): Promise<RawAnswer> {
  const { port } = new URL(svc.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    const started = Date.now();
    let received = '';
    const trickle = trickleMs
      ? setInterval(() => socket.writable && socket.write('a'), trickleMs)
      : undefined;
    const finish = () => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      socket.destroy();
      const [headers = '', body = ''] = received.split('\r\n\r\n');
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // The test sees the raw text.
      }
      const status = /^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        headers,
        body: parsed,
        ms: Date.now() - started,
      });
    };
    const giveUp = setTimeout(finish, giveUpMs);
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.write(head);
  });
}

const envelope = (message: string | RegExp) => ({
  error: { status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) },
});

function expectProtected(answer: RawAnswer) {
  expect(answer.headers).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
  expect(answer.headers).toMatch(/^x-content-type-options: nosniff/im);
  expect(answer.headers).toMatch(/^content-type: application\/json/im);
}

describe('requests that Node refuses before routing', () => {
  it('answers headers over 16 KB with the error envelope', async () => {
    const answer = await rawRequest(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual(envelope(/headers are too large/));
    expectProtected(answer);
  });

  it('answers 3,000 headers with the error envelope', async () => {
    const headers = Array.from({ length: 3_000 }, (_, i) => `x-h${i}: v`).join('\r\n');
    const answer = await rawRequest(`GET /healthz HTTP/1.1\r\nHost: x\r\n${headers}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual(envelope(/headers are too large/));
  });

  it('answers malformed chunked encoding with the error envelope', async () => {
    const answer = await rawRequest(
      'POST /v2/workspace/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(envelope(/not framed correctly/));
    expectProtected(answer);
  });

  it('answers a request line that is not HTTP with the error envelope', async () => {
    const answer = await rawRequest('HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(envelope(/not valid HTTP/));
  });

  it('cuts off stalled headers after HEADERS_TIMEOUT_MS, with the error envelope', async () => {
    const answer = await rawRequest('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(envelope(/not received in time/));
    // Node checks its timeouts once a second; the margin is for a busy machine. Without the
    // limit, Node's default would hold these connections for a minute (headers) or for ever.
    expect(answer.ms).toBeLessThan(headersMs + 4_000);
  });

  it('cuts off a body that trickles in, one byte at a time, after REQUEST_TIMEOUT_MS', async () => {
    const answer = await rawRequest(
      'POST /v2/workspace/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 10000\r\n\r\n',
      200,
    );
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(envelope(/not received in time/));
    expect(answer.ms).toBeGreaterThanOrEqual(requestMs - 100);
    expect(answer.ms).toBeLessThan(requestMs + 4_000);
    // The service is unharmed and logged no server fault for it.
    expect((await svc.fetch('/healthz')).status).toBe(200);
    expect(svc.logs.join('')).not.toContain('"level":50');
  });
});

describe('timeouts', () => {
  it('are on by default: headers, request, keep-alive and idle connection', () => {
    const { timeouts } = loadConfig({}).serving;
    expect(timeouts).toEqual({
      headersMs: 10_000,
      requestMs: 30_000,
      keepAliveMs: 72_000,
      connectionMs: 120_000,
    });
    const server = svc.app.server;
    expect(server.headersTimeout).toBe(headersMs);
    expect(server.requestTimeout).toBe(requestMs);
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.timeout).toBe(120_000);
  });

  it('refuses a timeout that would switch the limit off or contradict another', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });
});
