import { type KeyObject, X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';

/** Smaller RSA keys no longer protect anything; OAEP with SHA-256 also needs room for its padding. */
export const MIN_RSA_BITS = 2048;

export class PublicKeyError extends Error {}

const privateKeyError = () => new PublicKeyError('must be a public key; never send a private key');

/** PEM labels of a public key; anything else (a private key above all) is refused by its label. */
const publicPemLabel = /^-----BEGIN (PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE)-----/;

function fromPem(text: string): KeyObject {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) throw privateKeyError();
  if (!publicPemLabel.test(text)) throw new Error('not a public key PEM');
  if (text.includes('-----BEGIN CERTIFICATE-----')) return new X509Certificate(text).publicKey;
  return createPublicKey({ key: text, format: 'pem' });
}

/**
 * A key from DER bytes that must BE a public key. createPublicKey also takes a private key and
 * derives its public half, so a pasted private key would parse, and be stored; the bytes given
 * must equal the public key's own encoding instead.
 */
function publicFromDer(der: Buffer, type: 'spki' | 'pkcs1'): KeyObject {
  const key = createPublicKey({ key: der, format: 'der', type });
  if (!key.export({ format: 'der', type }).equals(der)) throw privateKeyError();
  return key;
}

function isPrivateKey(der: Buffer): boolean {
  for (const type of ['pkcs8', 'pkcs1', 'sec1'] as const) {
    try {
      createPrivateKey({ key: der, format: 'der', type });
      return true;
    } catch {
      // Not this encoding of a private key.
    }
  }
  return false;
}

/**
 * The base64 body of a key: SPKI (`BEGIN PUBLIC KEY`) first, then PKCS#1 (`BEGIN RSA PUBLIC KEY`).
 * A PEM whose BEGIN line was lost in the paste still ends with its END line, which is dropped (and
 * names a private key for what it is).
 */
function fromBase64(text: string): KeyObject {
  const end = /-----END ([A-Z ]+)-----\s*$/.exec(text);
  if (end?.[1]?.includes('PRIVATE')) throw privateKeyError();
  const body = (end ? text.slice(0, end.index) : text).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) throw new Error('neither PEM nor base64');
  const der = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
  if (isPrivateKey(der)) throw privateKeyError();
  try {
    return publicFromDer(der, 'spki');
  } catch (err) {
    if (err instanceof PublicKeyError) throw err;
    return publicFromDer(der, 'pkcs1');
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
