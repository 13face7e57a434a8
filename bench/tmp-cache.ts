import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, spawnService } from '../src/server/testing/service-process';

const server = 'postgres://postgres@127.0.0.1:55432/postgres';
async function q(s: string) {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  await c.query(s);
  await c.end();
}
for (const cache of ['off', 'on', 'off', 'on']) {
  const name = `bench_cache_${cache}_${Date.now()}`;
  await q(`create database ${name}`);
  const svc = await spawnService(
    { DATABASE_URL: `postgres://postgres@127.0.0.1:55432/${name}`, BENCH_PG_CACHE: cache, SVC_MASTER_KEY: Buffer.alloc(32, 7).toString('base64') },
    await freePort(),
  );
  try {
    const post = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(svc.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data }) });
      return ((await res.json()) as { result: { data: Record<string, unknown> } }).result.data;
    };
    const ws = await post('/v2/workspace/create', { ownerEmail: 'bench@example.com' });
    const keyId = Object.keys(ws.apiKeyList as object)[0] ?? '';
    const wsH = { 'x-svc-workspace-id': String(ws.id), 'x-svc-workspace-auth-token': String(ws.authToken) };
    const tokens = await post('/v2/workspace/authtokens/get', { apiKey: keyId }, wsH);
    const tok = (tokens.authTokens as { token: string }[])[0]?.token ?? '';
    const keyH = { 'x-svc-api-key': keyId, 'x-svc-auth-token': tok };
    for (const [label, path, headers] of [['apikeyconfig/get', '/v2/workspace/apikeyconfig/get', keyH], ['workspace/get', '/v2/workspace/get', wsH]] as const) {
      const opts = { url: svc.url + path, method: 'POST' as const, connections: 10, headers: { 'content-type': 'application/json', ...headers }, body: '{}' };
      await autocannon({ ...opts, duration: 2 });
      const r = await autocannon({ ...opts, duration: 8 });
      console.log(`cache=${cache} ${label}: ${Math.round(r.requests.average)} req/s p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms non2xx ${r.non2xx}`);
    }
  } finally {
    await svc.stop();
    await q(`drop database ${name} with (force)`);
  }
}
