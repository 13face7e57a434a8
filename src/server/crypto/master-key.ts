import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function decodeKey(raw: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SVC_MASTER_KEY must be 32 bytes, as 64 hex or base64');
  return key;
}

/**
 * The configured key, or the one generated into the data directory the first time, readable by the
 * owner only, so that an embedded install keeps decrypting what it wrote after a restart.
 */
export function loadMasterKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return decodeKey(configured);
  const file = join(dataDir, 'master.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return decodeKey(readFileSync(file, 'utf8'));
}

/** Where the previous generated keys wait, one a line, while a rotation of the generated key runs. */
export const PREVIOUS_KEYS_FILE = 'master.key.previous';

export interface MasterKeys {
  primary: Buffer;
  /** Keys that only open what they sealed, until the rotation job has sealed it again. */
  previous: Buffer[];
}

/**
 * The primary master key and the previous ones: `SVC_PREVIOUS_MASTER_KEYS` (comma-separated),
 * and, with a generated key, the lines of `master.key.previous` beside it (an operator rotates
 * the generated key by moving `master.key` there and restarting: a new one is generated).
 */
export function loadMasterKeys(
  configured: string | undefined,
  previous: readonly string[],
  dataDir: string,
): MasterKeys {
  const primary = loadMasterKey(configured, dataDir);
  const given = [...previous];
  const file = join(dataDir, PREVIOUS_KEYS_FILE);
  if (!configured && existsSync(file)) given.push(...readFileSync(file, 'utf8').split('\n'));
  return {
    primary,
    previous: given.filter((line) => line.trim() !== '').map(decodeKey),
  };
}
