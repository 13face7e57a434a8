import { randomBytes } from 'node:crypto';

/**
 * A session cookie's token: 256 random bits, base64url, after a prefix of its own, so that the
 * secret scans (`testing/secret-scan.ts`) and any scanner an operator runs find one by its form.
 * Only its keyed hash is stored (`Secrets.lookupHash`).
 */
export function newSessionToken(): string {
  return `sst_${randomBytes(32).toString('base64url')}`;
}

const form = /^sst_[A-Za-z0-9_-]{43}$/;

/** Whether a presented value has the form of a session token (else no query is spent on it). */
export function isSessionToken(value: string): boolean {
  return form.test(value);
}
