import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicKeyProblem } from './public-key';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('publicKeyProblem', () => {
  it('accepts SPKI and PKCS#1, as PEM or as a bare base64 body', async () => {
    const spki = publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const pkcs1 = publicKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    const body = (publicKey.export({ type: 'pkcs1', format: 'der' }) as Buffer).toString('base64');
    expect(await publicKeyProblem(spki)).toBeUndefined();
    expect(await publicKeyProblem(pkcs1)).toBeUndefined();
    expect(await publicKeyProblem(body)).toBeUndefined();
  });

  it('refuses private keys, small keys and anything else with the rule they break', async () => {
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(await publicKeyProblem(pem)).toBe('must be a public key; never paste a private key');
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    expect(await publicKeyProblem(small.export({ type: 'spki', format: 'pem' }) as string)).toBe(
      'must have at least 2048 bits (this one has 1024)',
    );
    expect(await publicKeyProblem('hello')).toMatch(/^must be an RSA public key/);
    expect(await publicKeyProblem('')).toBe('must not be empty while encryption is on');
  });
});
