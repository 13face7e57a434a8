// npx tsx bench/keys.ts [secrets]: the master-key rotation's pace and statements over N webhook
// secrets, and (embedded) how long a backup holds the database and how large it is. With
// DATABASE_URL, on a new database of that server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { KeyRing } from '#server/crypto/key-ring';
import { openDatabase } from '#server/db/connection';
import { emptyServerDatabase } from '#server/testing/process-fixtures';
import { runKeyRotation } from '#server/keys/rotation-job';
import { printTable } from './table';

const secrets = Number(process.argv[2] ?? 20_000);
const serverUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-keys-'));
const server = serverUrl ? await emptyServerDatabase(serverUrl) : undefined;
const database = await openDatabase(
  server
    ? { kind: 'postgres', url: server.url }
    : { kind: 'pglite', dataDir: join(dataDir, 'pgdata') },
);
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const old = new KeyRing(oldKey);
const now = sql`now()`;
await database.db.execute(
  sql`insert into owners (email, id) values ('bench@example.com', 'own_bench')`,
);
await database.db.execute(sql`
  insert into workspaces (id, owner_email, name, owner_name, auth_token_enc, auth_token_hash)
  values ('ws_bench', 'bench@example.com', 'Bench', 'Bench', ${old.encrypt('wst')}, 'h')`);
await database.db.execute(sql`
  insert into api_keys (id, workspace_id, name, type, auth_token_enc, auth_token_hash)
  values ('key_bench', 'ws_bench', 'Bench', 'testing', ${old.encrypt('akt')}, 'h')`);
for (let at = 0; at < secrets; at += 1000) {
  const rows = Array.from({ length: Math.min(1000, secrets - at) }, (_, i) => {
    const id = `ep_bench${String(at + i).padStart(8, '0')}`;
    return sql`(${id}, 'key_bench', 'https://hooks.example.com/in', ${old.encrypt(`whsec_${id}`)}, ${now}, ${now})`;
  });
  await database.db.execute(sql`
    insert into webhook_endpoints (id, api_key_id, url, secret_enc, created_at, updated_at)
    values ${sql.join(rows, sql`, `)}`);
}
await database.db.execute(sql`analyze`);

let statements = 0;
database.observeStatements(() => (statements += 1));
const log = Fastify({ logger: { level: 'warn' } }).log;
const ring = new KeyRing(newKey, [oldKey]);
const rows: string[][] = [];
for (const batchSize of [200, 1000]) {
  // Back under the old key for the next run: the same work each time.
  if (rows.length > 0) {
    await database.db.execute(sql`update webhook_endpoints set secret_enc = ${old.encrypt('x')}`);
  }
  statements = 0;
  const started = performance.now();
  const report = await runKeyRotation(
    database.db,
    ring,
    { signal: new AbortController().signal, batchSize, pauseMs: 0 },
    log,
  );
  const seconds = (performance.now() - started) / 1000;
  rows.push([
    String(batchSize),
    String(report.resealed),
    seconds.toFixed(2),
    Math.round(report.resealed / seconds).toLocaleString('en'),
    String(statements),
  ]);
}
console.log(
  `\nMaster-key rotation, ${secrets.toLocaleString('en')} webhook secrets, ${server ? 'PostgreSQL' : 'embedded PGlite'}\n`,
);
printTable(['batch', 'resealed', 'seconds', 'secrets/s', 'statements'], rows);

if (database.dumpDataDir) {
  const started = performance.now();
  const dumping = database.dumpDataDir();
  // A statement sent as the backup starts: how long the backup holds the database.
  await new Promise((resolve) => setImmediate(resolve));
  await database.db.execute(sql`select 1`);
  const waited = performance.now() - started;
  const dump = await dumping;
  const ms = performance.now() - started;
  console.log('\nBackup of the embedded database\n');
  printTable(
    ['backup ms', 'a statement waited ms', 'backup MB'],
    [[ms.toFixed(0), waited.toFixed(0), (dump.size / 1e6).toFixed(1)]],
  );
}
await database.close();
await server?.drop();
rmSync(dataDir, { recursive: true, force: true });
