import { createHmac, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';
import { KeyRing, deriveKey } from './key-ring';

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * The keys of keyed hashes and signatures. They never change with the master key: a stored hash
 * (of a token, a session, a login code) cannot be computed again without the secret it hashes,
 * and tokens carry their signature, so they are kept sealed under the master key instead
 * (`stable-keys.ts`) and only re-sealed when it rotates.
 */
export interface StableKeys {
  hashKey: Buffer;
  signKey: Buffer;
}

/** The stable keys as every install derived them from its first master key. */
export function derivedStableKeys(master: Buffer): StableKeys {
  return {
    hashKey: deriveKey(master, 'svc/lookup-hash/v1'),
    signKey: deriveKey(master, 'svc/signing/v1'),
  };
}

/**
 * Every secret operation of the service, each with its own key, so that a token hash can never
 * be confused with a signature or a ciphertext key: ciphertexts under the master key ring,
 * hashes and signatures under the stable keys.
 */
export class Secrets {
  private readonly hashKey: Buffer;
  private readonly signKey: Buffer;

  constructor(
    readonly ring: KeyRing,
    stable: StableKeys,
  ) {
    this.hashKey = stable.hashKey;
    this.signKey = stable.signKey;
  }

  /** One master key, its stable keys derived from it (tests, tools). */
  static forMasterKey(master: Buffer): Secrets {
    return new Secrets(new KeyRing(master), derivedStableKeys(master));
  }

  /** AES-256-GCM under the primary master key: `v2.<key id>.<iv>.<tag>.<ciphertext>`. */
  encrypt(plain: string): string {
    return this.ring.encrypt(plain);
  }

  decrypt(sealed: string): string {
    return this.ring.decrypt(sealed);
  }

  /** Keyed hash used to find a row by a presented secret without storing the secret itself. */
  lookupHash(value: string): string {
    return createHmac('sha256', this.hashKey).update(value).digest('base64url');
  }

  sign(value: string): string {
    return createHmac('sha256', this.signKey).update(value).digest('base64url').slice(0, 22);
  }

  verifySignature(value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** A random token carrying its own signature, so forged tokens fail before any lookup. */
  newToken(prefix: string): string {
    const body = `${prefix}_${b64url(randomBytes(24))}`;
    return `${body}.${this.sign(body)}`;
  }

  isWellFormedToken(token: string): boolean {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return false;
    return this.verifySignature(token.slice(0, dot), token.slice(dot + 1));
  }
}

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Random bytes drawn from the system 4 kB at a time, each used once, as Node's randomUUID does: a
 * system call per identifier was a visible share of a write call.
 */
const randomPool = Buffer.alloc(4096);
let randomPoolAt = randomPool.length;

function randomByte(): number {
  if (randomPoolAt === randomPool.length) {
    randomFillSync(randomPool);
    randomPoolAt = 0;
  }
  return randomPool[randomPoolAt++] as number;
}

/** Identifiers: a readable prefix and 20 random base62 characters. */
export function newId(prefix: string, length = 20): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 4 * 62: rejecting the rest keeps every character equally likely.
    if (byte < 248) out += alphabet.charAt(byte % 62);
  }
  return `${prefix}_${out}`;
}
