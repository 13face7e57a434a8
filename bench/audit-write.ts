// Requests per second and latency of Update API Key Config (a single-row write) at 10
// connections, on a new database of the PostgreSQL server DATABASE_URL names, with and without
// its audit entry: rounds alternate, the endpoint's `write` mark switched off for the rounds
// without (the binding then runs it as before the audit log: no call transaction, no insert),
// because this machine's speed drifts from minute to minute. Run with
// `DATABASE_URL=postgres://… npx tsx bench/audit-write.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { updateApiKeyConfig } from '#contract/api-keys';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/config';
import pg from 'pg';
import { openDatabase } from '#server/db/connection';
import { apiKeyOf } from './kit/service';

const seconds = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-audit-'));
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('DATABASE_URL must name a PostgreSQL server');
const name = `svc_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), {
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
try {
  const { headers } = await apiKeyOf(address, 'bench@example.com');
  const options = {
    url: `${address}/v2/workspace/apikeyconfig/update`,
    method: 'POST' as const,
    connections: 10,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      data: { requireJwtToken: true, defaultDocumentAccessType: 'restricted' },
    }),
  };
  await autocannon({ ...options, duration: 2 });
  const marked: { write?: true } = updateApiKeyConfig;
  const results: Record<string, { rps: number; p50: number; p99: number }[]> = {
    'without audit': [],
    'with audit': [],
  };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const audited of [false, true]) {
      if (audited) marked.write = true;
      else delete marked.write;
      const r = await autocannon({ ...options, duration: seconds });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
      const label = audited ? 'with audit' : 'without audit';
      results[label]?.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
      console.log(
        `round ${round} ${label}: ${r.requests.average.toFixed(0)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
      );
    }
  }
  marked.write = true;
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  for (const [label, rows] of Object.entries(results)) {
    console.log(
      `median ${label}: ${median(rows.map((r) => r.rps)).toFixed(0)} requests/s, p50 ${median(rows.map((r) => r.p50))} ms`,
    );
  }
} finally {
  await app.close();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
