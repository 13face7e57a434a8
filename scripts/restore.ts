// npm run restore -- FILE: a backup of `npm run backup` back into DATA_DIR, with no service on it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { restoreBackup } from '#server/backup/restore-backup';

const file = process.argv[2];
if (!file || file === '--help') {
  console.log(`npm run restore -- FILE
  Unpacks FILE (from npm run backup) into DATA_DIR/pgdata (DATA_DIR default .data), which must not
  hold a database yet. Then give the service the master key the backup's secrets were sealed
  under: DATA_DIR/master.key copied from the original, or the same SVC_MASTER_KEY.`);
  process.exit(file ? 0 : 1);
}
const dataDir = resolve(process.env.DATA_DIR || '.data');
try {
  await restoreBackup(resolve(file), dataDir);
  console.log(`restore: ${file} is now the database in ${join(dataDir, 'pgdata')}`);
  if (!process.env.SVC_MASTER_KEY && !existsSync(join(dataDir, 'master.key'))) {
    console.log(
      `restore: copy the original master.key into ${dataDir} (or set SVC_MASTER_KEY) before starting the service, or it will refuse the secrets it cannot open`,
    );
  }
} catch (err) {
  console.error(`restore: failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
