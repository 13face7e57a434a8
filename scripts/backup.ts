// npm run backup: a consistent copy of the running service's embedded database.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BACKUP_TOKEN_FILE } from '#server/backup/backup-token';
import { takeBackup } from '#server/backup/take-backup';

const usage = `npm run backup -- [options]
  --out FILE     where to write it (default backups/backup-<UTC time>.tar.gz)
  --url URL      the running service, on this machine (default http://127.0.0.1:$PORT, PORT 8787)
The token is BACKUP_TOKEN, else DATA_DIR/backup.token (DATA_DIR default .data), as the service has.
The master key is not in the backup: keep DATA_DIR/master.key (or SVC_MASTER_KEY) apart, safely.`;

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    url: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const dataDir = resolve(process.env.DATA_DIR || '.data');
const tokenFile = join(dataDir, BACKUP_TOKEN_FILE);
const token =
  process.env.BACKUP_TOKEN ||
  (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : undefined);
if (!token) {
  console.error(
    `backup: no BACKUP_TOKEN and no ${tokenFile}: is the service running on this DATA_DIR?`,
  );
  process.exit(1);
}
const url = values.url ?? `http://127.0.0.1:${process.env.PORT || '8787'}`;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(values.out ?? join('backups', `backup-${stamp}.tar.gz`));
mkdirSync(resolve(file, '..'), { recursive: true });
try {
  const bytes = await takeBackup({ url, token, file });
  console.log(`backup: ${file} (${bytes} bytes)`);
  if (existsSync(join(dataDir, 'master.key'))) {
    console.log(
      `backup: the secrets in it open with ${join(dataDir, 'master.key')}, which it does not hold: keep a copy of that file apart`,
    );
  }
} catch (err) {
  console.error(
    `backup: failed, nothing written to ${file}: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
}
