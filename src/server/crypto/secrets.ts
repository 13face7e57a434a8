import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomFillSync,
  timingSafeEqual,
} from 'node:crypto';

const b64url = (buf: Buffer) => buf.toString('base64url');

function derive(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), purpose, 32));
}

/**
 * Every secret operation of the service, each with its own key derived from the master key, so that
 * a token hash can never be confused with a signature or a ciphertext key.
 */
export class Secrets {
  private readonly encKey: Buffer;
  private readonly signKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(master: Buffer) {
    this.encKey = derive(master, 'svc/encryption/v1');
    this.signKey = derive(master, 'svc/signing/v1');
    this.hashKey = derive(master, 'svc/lookup-hash/v1');
  }

  /** AES-256-GCM; the result is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', b64url(iv), b64url(cipher.getAuthTag()), b64url(body)].join('.');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Bad ciphertext');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
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
