import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '#contract/endpoint';
import { allEndpoints } from '#contract/endpoints';
import { adminCases } from '#contract/testing/admin-cases';
import { dataCases } from '#contract/testing/data-cases';
import { type WorkspaceFixture, createWorkspaceFixture, uniqueEmail } from '../testing/fixtures';
import { type Reply, type TestService, startTestService } from '../testing/test-service';
import { createWorkspace } from '#contract/workspace-access';
import { headersOf } from '#contract/credentials';
import { type SignedInPerson, signIn } from '../testing/session-fixtures';

/**
 * Compressed request bodies (docs/decisions/0003-request-bodies.md): gzip, deflate and br are
 * decoded on every endpoint, within the body limit measured after decoding; any other coding is
 * 415 with the INVALID_ARGUMENT envelope. The endpoints come from the contract.
 */
const LIMIT = 64 * 1024;
let svc: TestService;
let fx: WorkspaceFixture;
/** The owner's session, for the endpoints that take one alone. */
let owner: SignedInPerson;
beforeAll(async () => {
  svc = await startTestService({ env: { BODY_LIMIT_BYTES: String(LIMIT) } });
  fx = await createWorkspaceFixture(svc);
  owner = await signIn(svc, fx.workspace.owner.email);
});
afterAll(() => svc.close());

const encoders: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

const cases: Record<string, { invalid: unknown[] }> = { ...adminCases, ...dataCases };

/**
 * The fixture's credentials of the endpoint's level, as headers; a person's session for the
 * endpoints only a session may call.
 */
const credentialsOf = (e: AnyEndpoint) =>
  e.auth === 'session' || e.access?.sessionOnly
    ? headersOf(owner.as(fx.workspace.id))
    : e.auth === 'public'
      ? {}
      : headersOf(fx.credentials[e.auth]);

const bodyOf = (data: unknown) => Buffer.from(JSON.stringify(data === undefined ? {} : { data }));

function send(e: AnyEndpoint | string, bytes: Buffer, headers: Record<string, string> = {}) {
  const path = typeof e === 'string' ? e : e.path;
  return svc.fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(typeof e === 'string' ? {} : credentialsOf(e)),
      ...headers,
    },
    body: new Uint8Array(bytes),
  });
}

const invalid = (message: string) => ({ error: { status: 'INVALID_ARGUMENT', message } });

/** The envelope of an endpoint's refusal: Get All User Data's also carries the HTTP status. */
const envelopeOf = (e: AnyEndpoint, res: Reply, message: string) =>
  e.numericErrorCode
    ? { error: { status: 'INVALID_ARGUMENT', message, code: res.status } }
    : invalid(message);

describe('a compressed body, on every endpoint', () => {
  it.each(allEndpoints.map((e) => [e.name, e] as const))(
    '%s: decoded and answered as the same body sent plain',
    async (_name, e) => {
      // A body the contract refuses: its answer names the field, which only a decoded and
      // parsed body can give, and nothing is written.
      const sample = cases[e.name]?.invalid[0];
      const plain = await send(e, bodyOf(sample));
      expect(plain.status, JSON.stringify(plain.body)).toBe(400);
      for (const [coding, encode] of Object.entries(encoders)) {
        const res = await send(e, encode(bodyOf(sample)), { 'content-encoding': coding });
        expect({ coding, status: res.status, body: res.body }).toEqual({
          coding,
          status: plain.status,
          body: plain.body,
        });
      }
    },
  );

  it.each(allEndpoints.map((e) => [e.name, e] as const))(
    '%s: 415 for a coding it does not decode, 400 for a body that does not decode',
    async (_name, e) => {
      const body = bodyOf(cases[e.name]?.invalid[0]);
      for (const coding of ['zstd', 'compress', 'gzip, br', 'constructor']) {
        const res = await send(e, gzipSync(body), { 'content-encoding': coding });
        expect(res.status, coding).toBe(415);
        expect(res.headers.get('accept-encoding')).toBe('gzip, deflate, br');
        expect(res.body).toEqual(
          envelopeOf(
            e,
            res,
            `The request body's Content-Encoding "${coding}" is not supported: send it as gzip, deflate or br, or uncompressed.`,
          ),
        );
      }
      const corrupt = await send(e, body, { 'content-encoding': 'gzip' });
      expect(corrupt.status).toBe(400);
      expect(corrupt.body).toEqual(envelopeOf(e, corrupt, 'The request body is not valid gzip.'));
    },
  );
});

describe('the body limit', () => {
  const create = (extra: string) =>
    bodyOf({ ownerEmail: uniqueEmail(), name: 'x', workspaceName: `w ${extra}`.slice(0, 200) });

  it('accepts a compressed body that is within the limit once decoded', async () => {
    for (const [coding, encode] of Object.entries(encoders)) {
      const res = await send(createWorkspace.path, encode(create(coding)), {
        'content-encoding': coding,
      });
      expect(res.status, coding).toBe(200);
    }
    // Identity and a coding in capitals are the same as none and as the coding.
    const identity = await send(createWorkspace.path, create('identity'), {
      'content-encoding': 'identity',
    });
    expect(identity.status).toBe(200);
    const capitals = await send(createWorkspace.path, gzipSync(create('GZIP')), {
      'content-encoding': 'GZIP',
    });
    expect(capitals.status).toBe(200);
  });

  it('refuses a body that inflates past the limit, however small it arrives', async () => {
    // 16 MB of spaces inside a JSON string: a few kilobytes compressed, 256 times the limit
    // decoded.
    const inflated = Buffer.concat([
      Buffer.from('{"data":{"ownerEmail":"a@example.com","name":"'),
      Buffer.alloc(16 * 1024 * 1024, 0x20),
      Buffer.from('"}}'),
    ]);
    for (const [coding, encode] of Object.entries(encoders)) {
      const bomb = encode(inflated);
      expect(bomb.length, coding).toBeLessThan(LIMIT);
      const res = await send(createWorkspace.path, bomb, { 'content-encoding': coding });
      expect(res.status, coding).toBe(400);
      expect(res.body).toEqual(invalid('The request body is too large.'));
      expect(res.headers.get('connection')).toBe('close');
    }
    // The service goes on answering.
    expect((await svc.fetch('/healthz')).status).toBe(200);
  });
});

describe('a body the service does not read', () => {
  it('is 415 for another content type or charset, with the INVALID_ARGUMENT envelope', async () => {
    const body = bodyOf({ ownerEmail: uniqueEmail() });
    const text = await send(createWorkspace.path, body, { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body).toEqual(
      invalid('The request body must be JSON (Content-Type: application/json).'),
    );
    const latin1 = await send(createWorkspace.path, body, {
      'content-type': 'application/json; charset=latin1',
    });
    expect(latin1.status).toBe(415);
    expect(latin1.body).toEqual(invalid('The request body must be JSON in UTF-8 (charset=utf-8).'));
  });
});
