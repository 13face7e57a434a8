import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The token file beside the embedded database, readable by the data directory's owner only. */
export const BACKUP_TOKEN_FILE = 'backup.token';

/**
 * `BACKUP_TOKEN`, or the token generated once into the data directory: whoever can read the data
 * directory (the operator, `npm run backup`) can ask for a backup; a process on this machine
 * that cannot read it (another user, a webhook the service itself sends to loopback) cannot.
 */
export function loadBackupToken(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, BACKUP_TOKEN_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (err) {
      // Another process wrote it first: read theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}
