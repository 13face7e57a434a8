import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealV1 } from '../testing/legacy-sealed';
import { KeyRing, UnknownKeyError, opensLegacy, sealedPrefix } from './key-ring';

describe('KeyRing', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('seals under the primary key and names it in the ciphertext', () => {
    const ring = new KeyRing(newKey, [oldKey]);
    const sealed = ring.encrypt('whsec_abc');
    expect(sealed.startsWith(sealedPrefix(ring.primaryId))).toBe(true);
    expect(sealed.split('.')).toHaveLength(5);
    expect(ring.isCurrent(sealed)).toBe(true);
    expect(ring.decrypt(sealed)).toBe('whsec_abc');
    // The id names the key, the same in every process, and says nothing of the key itself.
    expect(new KeyRing(newKey).primaryId).toBe(ring.primaryId);
    expect(new KeyRing(oldKey).primaryId).not.toBe(ring.primaryId);
  });

  it('opens what a previous key sealed and seals it again under the primary', () => {
    const before = new KeyRing(oldKey).encrypt('sk-live-1');
    const ring = new KeyRing(newKey, [oldKey]);
    expect(ring.isCurrent(before)).toBe(false);
    expect(ring.decrypt(before)).toBe('sk-live-1');
    const after = ring.reseal(before);
    expect(ring.isCurrent(after)).toBe(true);
    expect(new KeyRing(newKey).decrypt(after)).toBe('sk-live-1');
  });

  it('refuses a ciphertext of a key it does not hold, naming that key', () => {
    const other = new KeyRing(oldKey);
    const sealed = other.encrypt('x');
    expect(() => new KeyRing(newKey).decrypt(sealed)).toThrow(UnknownKeyError);
    expect(() => new KeyRing(newKey).decrypt(sealed)).toThrow(other.primaryId);
  });

  it('opens v1 ciphertexts with whichever key sealed them, and knows which', () => {
    const legacy = sealV1(oldKey, 'wst_token');
    expect(new KeyRing(newKey, [oldKey]).decrypt(legacy)).toBe('wst_token');
    expect(new KeyRing(oldKey).isCurrent(legacy)).toBe(false);
    expect(() => new KeyRing(newKey).decrypt(legacy)).toThrow(UnknownKeyError);
    expect(opensLegacy(legacy, oldKey)).toBe(true);
    expect(opensLegacy(legacy, newKey)).toBe(false);
  });

  it('refuses a tampered ciphertext and one of no known form', () => {
    const ring = new KeyRing(newKey);
    const parts = ring.encrypt('secret').split('.');
    const body = Buffer.from(parts[4] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => ring.decrypt(parts.join('.'))).toThrow();
    expect(() => ring.decrypt('v3.a.b.c')).toThrow('Bad ciphertext');
  });

  it('lists previous keys once, without the primary', () => {
    const ring = new KeyRing(newKey, [oldKey, oldKey, newKey]);
    expect(ring.previousIds).toEqual([new KeyRing(oldKey).primaryId]);
    expect(ring.ids).toHaveLength(2);
  });
});
