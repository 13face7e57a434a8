import { randomBytes } from 'node:crypto';

export const SIGNING_SECRET_PREFIX = 'whsec_';

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes (192 bits). */
export function newSigningSecret(): string {
  return SIGNING_SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** The HMAC key of a secret: the base64-decoded part after the prefix. */
export function signingKey(secret: string): Buffer {
  const body = secret.startsWith(SIGNING_SECRET_PREFIX)
    ? secret.slice(SIGNING_SECRET_PREFIX.length)
    : secret;
  return Buffer.from(body, 'base64');
}
