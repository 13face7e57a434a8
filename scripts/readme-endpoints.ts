// Rewrites the endpoint table in docs/endpoints.md from the contract and the service's routes.
import { readFileSync, writeFileSync } from 'node:fs';
import { allEndpoints } from '#contract/endpoints';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/config';
import { openDatabase } from '#server/db/connection';
import { endpointTable, tableEnd, tableStart } from '#server/http/endpoint-table';

const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp(loadConfig({ CONSOLE_DIR: '', SVC_MASTER_KEY: '0'.repeat(64) }), {
  database,
  logger: false,
});
const table = endpointTable(allEndpoints, new Set(app.unimplementedPaths));
await app.close();
await database.close();

const file = 'docs/endpoints.md';
const text = readFileSync(file, 'utf8');
const start = text.indexOf(tableStart);
const end = text.indexOf(tableEnd);
if (start < 0 || end < 0) throw new Error(`${file} has no endpoint table markers`);
writeFileSync(file, text.slice(0, start) + table + text.slice(end + tableEnd.length));
console.log(`${file}: endpoint table rewritten`);
