// Rewrites the endpoint table in README.md from the contract and the service's routes.
import { readFileSync, writeFileSync } from 'node:fs';
import { allEndpoints } from '../src/contract/endpoints';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { endpointTable, tableEnd, tableStart } from '../src/server/http/endpoint-table';

const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp(loadConfig({ CONSOLE_DIR: '', SVC_MASTER_KEY: '0'.repeat(64) }), {
  database,
  logger: false,
});
const table = endpointTable(allEndpoints, new Set(app.unimplementedPaths));
await app.close();
await database.close();

const readme = readFileSync('README.md', 'utf8');
const start = readme.indexOf(tableStart);
const end = readme.indexOf(tableEnd);
if (start < 0 || end < 0) throw new Error('README.md has no endpoint table markers');
writeFileSync('README.md', readme.slice(0, start) + table + readme.slice(end + tableEnd.length));
console.log('README.md: endpoint table rewritten');
