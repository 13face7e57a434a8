import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { getAdvancedWebhookConfig, updateAdvancedWebhookConfig } from '#contract/webhooks';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
});
afterAll(() => svc.close());

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spkiPem = rsa.publicKey.export({ type: 'spki', format: 'pem' });
const pkcs1Pem = rsa.publicKey.export({ type: 'pkcs1', format: 'pem' });
const spkiBase64 = rsa.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const pkcs1Base64 = rsa.publicKey.export({ type: 'pkcs1', format: 'der' }).toString('base64');

const defaults = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
};

const error = (status: string, message: string) => ({ error: { status, message } });

describe('Advanced webhook configuration', () => {
  it('has the specification defaults when never configured', async () => {
    const c = await createWorkspaceFixture(svc);
    const res = await c.send(getAdvancedWebhookConfig);
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual(defaults);
  });

  it('needs the first update to turn the feature on', async () => {
    const c = await createWorkspaceFixture(svc);
    for (const data of [{ encodeData: true }, { isEnabled: false }, { publicKey: spkiPem }]) {
      const res = await c.send(updateAdvancedWebhookConfig, data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        error(
          'FAILED_PRECONDITION',
          'Advanced webhooks are not configured yet: the first update must set isEnabled to true.',
        ),
      );
    }
    expect((await c.send(getAdvancedWebhookConfig)).body.result.data).toEqual(defaults);
    const on = await c.send(updateAdvancedWebhookConfig, { isEnabled: true, encodeData: true });
    expect(on.status).toBe(200);
    expect(on.body.result.data).toEqual({ ...defaults, isEnabled: true, encodeData: true });
  });

  it('changes only the fields sent, also while turned off', async () => {
    const c = await createWorkspaceFixture(svc);
    await c.send(updateAdvancedWebhookConfig, { isEnabled: true, enableDataProtection: true });
    const off = await c.send(updateAdvancedWebhookConfig, { isEnabled: false });
    expect(off.body.result.data).toEqual({ ...defaults, enableDataProtection: true });
    const encoded = await c.send(updateAdvancedWebhookConfig, { encodeData: true });
    expect(encoded.body.result.data).toEqual({
      ...defaults,
      enableDataProtection: true,
      encodeData: true,
    });
    expect((await c.send(getAdvancedWebhookConfig)).body.result.data).toEqual(
      encoded.body.result.data,
    );
  });

  it('refuses an empty update, unknown fields and wrong types', async () => {
    const c = await createWorkspaceFixture(svc);
    expect((await c.send(updateAdvancedWebhookConfig, {})).body).toEqual(
      error('INVALID_ARGUMENT', 'At least one field must be provided for update'),
    );
    expect(
      (await c.send(updateAdvancedWebhookConfig, { isEnabled: true, enabled: true })).body,
    ).toEqual(error('INVALID_ARGUMENT', 'data has unknown field: enabled'));
    expect((await c.send(updateAdvancedWebhookConfig, { isEnabled: 'yes' })).status).toBe(400);
    expect((await c.send(getAdvancedWebhookConfig)).body.result.data).toEqual(defaults);
  });

  it.each([
    ['a PEM SPKI key', spkiPem],
    ['a PEM PKCS#1 key', pkcs1Pem],
    ['the base64 body of an SPKI key', spkiBase64],
    ['the base64 body of a PKCS#1 key', pkcs1Base64],
    ['a base64 body wrapped over lines', spkiBase64.replace(/(.{64})/g, '$1\n')],
  ])('takes %s as publicKey and answers it as sent', async (_what, publicKey) => {
    const c = await createWorkspaceFixture(svc);
    const res = await c.send(updateAdvancedWebhookConfig, { isEnabled: true, publicKey });
    expect(res.status).toBe(200);
    expect(res.body.result.data.publicKey).toBe(publicKey);
  });

  it('refuses a publicKey that is not an RSA public key of 2048 bits or more', async () => {
    const c = await createWorkspaceFixture(svc);
    await c.send(updateAdvancedWebhookConfig, { isEnabled: true });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const notAKey =
      'data.publicKey must be an RSA public key: PEM, or the base64 body of an SPKI or PKCS#1 key';
    const cases: [string, string][] = [
      ['not a key!', notAKey],
      ['AAAA', notAKey],
      ['-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', notAKey],
      [
        ec.export({ type: 'spki', format: 'pem' }).toString(),
        'data.publicKey must be an RSA key, not ec',
      ],
      [
        small.export({ type: 'spki', format: 'pem' }).toString(),
        'data.publicKey must have at least 2048 bits (this one has 1024)',
      ],
      [
        rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        'data.publicKey must be a public key; never send a private key',
      ],
    ];
    for (const [publicKey, message] of cases) {
      const res = await c.send(updateAdvancedWebhookConfig, { publicKey });
      expect(res.body, publicKey).toEqual(error('INVALID_ARGUMENT', message));
    }
    expect((await c.send(getAdvancedWebhookConfig)).body.result.data.publicKey).toBe('');
  });

  it('refuses a private key in every form an admin could paste, and stores nothing', async () => {
    const c = await createWorkspaceFixture(svc);
    await c.send(updateAdvancedWebhookConfig, { isEnabled: true });
    const pkcs1 = rsa.privateKey.export({ type: 'pkcs1', format: 'der' });
    const pkcs8 = rsa.privateKey.export({ type: 'pkcs8', format: 'der' });
    const pemBody = (pem: string) =>
      pem
        .split('\n')
        .filter((line) => !line.startsWith('-----BEGIN'))
        .join('\n');
    const pastes = [
      pkcs1.toString('base64'),
      pkcs8.toString('base64'),
      pkcs1.toString('base64url'),
      pkcs8.toString('base64url'),
      pemBody(rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
      pemBody(rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
      rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    ];
    for (const publicKey of pastes) {
      const res = await c.send(updateAdvancedWebhookConfig, { publicKey });
      expect(res.body, publicKey.slice(0, 40)).toEqual(
        error('INVALID_ARGUMENT', 'data.publicKey must be a public key; never send a private key'),
      );
    }
    expect((await c.send(getAdvancedWebhookConfig)).body.result.data.publicKey).toBe('');
  });

  it('needs a public key while encryptData is on', async () => {
    const c = await createWorkspaceFixture(svc);
    const missing = error(
      'INVALID_ARGUMENT',
      'data.publicKey is required while encryptData is true.',
    );
    expect(
      (await c.send(updateAdvancedWebhookConfig, { isEnabled: true, encryptData: true })).body,
    ).toEqual(missing);
    expect((await c.send(getAdvancedWebhookConfig)).body.result.data).toEqual(defaults);
    const both = await c.send(updateAdvancedWebhookConfig, {
      isEnabled: true,
      encryptData: true,
      publicKey: spkiPem,
    });
    expect(both.body.result.data).toMatchObject({ encryptData: true, publicKey: spkiPem });
    expect((await c.send(updateAdvancedWebhookConfig, { publicKey: '' })).body).toEqual(missing);
    const off = await c.send(updateAdvancedWebhookConfig, { encryptData: false, publicKey: '' });
    expect(off.body.result.data).toMatchObject({ encryptData: false, publicKey: '' });
  });

  it('keeps each API key its own configuration', async () => {
    const a = await createWorkspaceFixture(svc);
    const b = await createWorkspaceFixture(svc);
    await a.send(updateAdvancedWebhookConfig, { isEnabled: true, encodeData: true });
    expect((await b.send(getAdvancedWebhookConfig)).body.result.data).toEqual(defaults);
  });
});
