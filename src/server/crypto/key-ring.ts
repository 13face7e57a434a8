import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const b64url = (buf: Buffer) => buf.toString('base64url');

/** HKDF-SHA256 of a master key for one purpose, so that no two uses share a key. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), purpose, 32));
}

/** Characters of a key id: 6 bytes of HKDF output in base64url. */
export const KEY_ID_LENGTH = 8;

/** A ciphertext's start that names its key: `v2.<key id>.` (12 characters). */
export function sealedPrefix(keyId: string): string {
  return `v2.${keyId}.`;
}

/** A sealed value whose key cannot be opened with the configured master keys. */
export class UnknownKeyError extends Error {
  override name = 'UnknownKeyError';
}

interface RingKey {
  id: string;
  encKey: Buffer;
}

function ringKey(master: Buffer): RingKey {
  return {
    id: b64url(deriveKey(master, 'svc/key-id/v1').subarray(0, 6)),
    encKey: deriveKey(master, 'svc/encryption/v1'),
  };
}

function open(key: RingKey, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key.encKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * The master keys a process holds: the primary one, that seals everything written from now on,
 * and the previous ones, that only open what they sealed until the rotation job has sealed it
 * again under the primary. A ciphertext names its key (`v2.<key id>.<iv>.<tag>.<ciphertext>`), so
 * it is opened with that key alone; `v1` ciphertexts, written before keys had ids, are tried
 * with every key.
 */
export class KeyRing {
  private readonly primary: RingKey;
  private readonly byId = new Map<string, RingKey>();

  constructor(primary: Buffer, previous: readonly Buffer[] = []) {
    this.primary = ringKey(primary);
    for (const key of [this.primary, ...previous.map(ringKey)]) {
      if (!this.byId.has(key.id)) this.byId.set(key.id, key);
    }
  }

  get primaryId(): string {
    return this.primary.id;
  }

  /** Ids of the previous keys (the primary's excluded, duplicates once). */
  get previousIds(): string[] {
    return [...this.byId.keys()].filter((id) => id !== this.primary.id);
  }

  get ids(): string[] {
    return [...this.byId.keys()];
  }

  /** AES-256-GCM under the primary key. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.primary.encKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v2', this.primary.id, b64url(iv), b64url(cipher.getAuthTag()), b64url(body)].join('.');
  }

  decrypt(sealed: string): string {
    const parts = sealed.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const [, id, iv, tag, body] = parts as [string, string, string, string, string];
      const key = this.byId.get(id);
      if (!key) throw new UnknownKeyError(`sealed under master key ${id}, which is not configured`);
      return open(key, iv, tag, body);
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      const [, iv, tag, body] = parts as [string, string, string, string];
      for (const key of this.byId.values()) {
        try {
          return open(key, iv, tag, body);
        } catch {
          // Not this key: a v1 ciphertext does not say which one sealed it.
        }
      }
      throw new UnknownKeyError('sealed (v1) under a master key that is not configured');
    }
    throw new Error('Bad ciphertext');
  }

  /** Whether a ciphertext is sealed under the primary key (the rotation has nothing to do). */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(sealedPrefix(this.primary.id));
  }

  /** Opens and seals again under the primary key. */
  reseal(sealed: string): string {
    return this.encrypt(this.decrypt(sealed));
  }
}

/** Whether a v1 ciphertext (written before keys had ids) was sealed under this master key. */
export function opensLegacy(sealed: string, master: Buffer): boolean {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return false;
  try {
    open(ringKey(master), iv, tag, body);
    return true;
  } catch {
    return false;
  }
}
