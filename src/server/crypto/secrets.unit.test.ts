import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREVIOUS_KEYS_FILE, loadMasterKey, loadMasterKeys } from './master-key';
import { Secrets, newId } from './secrets';

const secrets = Secrets.forMasterKey(randomBytes(32));

describe('Secrets', () => {
  it('encrypts with a fresh IV each time and decrypts back', () => {
    const a = secrets.encrypt('sk-live-123');
    const b = secrets.encrypt('sk-live-123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-live-123');
    expect(secrets.decrypt(a)).toBe('sk-live-123');
  });

  it('refuses a tampered ciphertext and one sealed under another key', () => {
    const sealed = secrets.encrypt('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => secrets.decrypt(parts.join('.'))).toThrow();
    expect(() => Secrets.forMasterKey(randomBytes(32)).decrypt(sealed)).toThrow();
  });

  it('makes signed tokens whose forgeries are recognised without a lookup', () => {
    const token = secrets.newToken('akt');
    expect(token).toMatch(/^akt_[\w-]{32}\.[\w-]{22}$/);
    expect(secrets.isWellFormedToken(token)).toBe(true);
    expect(secrets.isWellFormedToken(`${token.slice(0, -1)}A`)).toBe(token.endsWith('A'));
    expect(secrets.isWellFormedToken(Secrets.forMasterKey(randomBytes(32)).newToken('akt'))).toBe(
      false,
    );
    expect(secrets.isWellFormedToken('no-dot')).toBe(false);
  });

  it('hashes for lookup deterministically and per key', () => {
    expect(secrets.lookupHash('x')).toBe(secrets.lookupHash('x'));
    expect(Secrets.forMasterKey(randomBytes(32)).lookupHash('x')).not.toBe(secrets.lookupHash('x'));
  });

  it('makes prefixed base62 identifiers', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('ws')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^ws_[A-Za-z0-9]{20}$/);
  });
});

describe('the master key', () => {
  it('is generated once into the data directory, readable by the owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-key-'));
    try {
      const first = loadMasterKey(undefined, dir);
      const second = loadMasterKey(undefined, dir);
      expect(first.equals(second)).toBe(true);
      expect(first).toHaveLength(32);
      expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'master.key'), 'utf8').trim()).toBe(first.toString('base64'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes previous keys from SVC_PREVIOUS_MASTER_KEYS, and from master.key.previous beside a generated key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-key-'));
    try {
      const old = randomBytes(32);
      const older = randomBytes(32);
      writeFileSync(
        join(dir, PREVIOUS_KEYS_FILE),
        `${old.toString('base64')}\n\n${older.toString('hex')}\n`,
      );
      const generated = loadMasterKeys(undefined, [], dir);
      expect(generated.previous.map((k) => k.toString('hex'))).toEqual(
        [old, older].map((k) => k.toString('hex')),
      );
      // A configured key: the file beside the generated one is not its history.
      const configured = loadMasterKeys(
        randomBytes(32).toString('base64'),
        [old.toString('base64')],
        dir,
      );
      expect(configured.previous).toEqual([old]);
      expect(() => loadMasterKeys(undefined, ['short'], dir)).toThrow(/32 bytes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a configured key in hex or base64 and refuses a wrong length', () => {
    const key = randomBytes(32);
    expect(loadMasterKey(key.toString('hex'), '/nonexistent').equals(key)).toBe(true);
    expect(loadMasterKey(key.toString('base64'), '/nonexistent').equals(key)).toBe(true);
    expect(() => loadMasterKey('abcd', '/nonexistent')).toThrow(/32 bytes/);
  });
});
