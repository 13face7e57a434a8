import { type KeyObject, X509Certificate, createPublicKey } from 'node:crypto';

/** Smaller RSA keys no longer protect anything; OAEP with SHA-256 also needs room for its padding. */
export const MIN_RSA_BITS = 2048;

export class PublicKeyError extends Error {}

function fromPem(text: string): KeyObject {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
    // createPublicKey would happily derive the public half; storing the private key is the harm.
    throw new PublicKeyError('must be a public key; never send a private key');
  }
  if (text.includes('-----BEGIN CERTIFICATE-----')) return new X509Certificate(text).publicKey;
  return createPublicKey({ key: text, format: 'pem' });
}

/** The base64 body of a key: SPKI (`BEGIN PUBLIC KEY`) first, then PKCS#1 (`BEGIN RSA PUBLIC KEY`). */
function fromBase64(text: string): KeyObject {
  const body = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) throw new Error('neither PEM nor base64');
  const der = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/**
 * Parses what an admin would paste as `publicKey`: a PEM public key (SPKI or PKCS#1), a PEM
 * certificate, or the base64 body of an SPKI or PKCS#1 key. Only RSA keys of 2048 bits or more
 * are accepted, since payload keys are encrypted with RSA-OAEP.
 */
export function parseRsaPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed === '') throw new PublicKeyError('must not be empty');
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN') ? fromPem(trimmed) : fromBase64(trimmed);
  } catch (err) {
    if (err instanceof PublicKeyError) throw err;
    throw new PublicKeyError(
      'must be an RSA public key: PEM, or the base64 body of an SPKI or PKCS#1 key',
    );
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new PublicKeyError(`must be an RSA key, not ${key.asymmetricKeyType ?? 'another type'}`);
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) {
    throw new PublicKeyError(`must have at least ${MIN_RSA_BITS} bits (this one has ${bits})`);
  }
  return key;
}
