// Requests per second and latency of Get Workspace and Update API Key Config at 10 connections,
// beside an empty route on the same machine: a bare Fastify route (the target's measure), and the
// same route through the service's HTTP layer (the floor of any route of the service), each
// compiled as it ships. Run with `npx tsx bench/workspace.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, spawnService } from '#server/testing/service-process';
import { printTable } from './table';
import { builtService, removeBuilds } from './kit/built';
import { routeServer } from './kit/route-server';
import { measuredInRoundOrder } from './kit/rounds';
import { credentialHeaders } from '#contract/credentials';

const seconds = Number(process.env.SECONDS ?? 10);
const connections = 10;
const ROUNDS = Number(process.env.ROUNDS ?? 3);

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

async function measure(target: Target) {
  const options = {
    url: target.url,
    method: 'POST' as const,
    connections,
    headers: { 'content-type': 'application/json', ...target.headers },
    body: target.body,
  };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, connection pools
  const result = await autocannon({ ...options, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}

// Each server compiled as it ships (`kit/built.ts`): the service as `npm start` runs it.
const empty = await routeServer('empty-route.ts', '/empty', { SERVICE_HOOKS: '0' });
const hooked = await routeServer('empty-route.ts', '/empty', { SERVICE_HOOKS: '1' });
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-ws-'));
const svc = await spawnService(
  { DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  await freePort(),
  undefined,
  builtService(process.cwd(), 'workspace'),
);
try {
  const post = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(svc.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ data }),
    });
    return ((await res.json()) as { result: { data: Record<string, unknown> } }).result.data;
  };
  const ws = await post('/v2/workspace/create', { ownerEmail: 'bench@example.com' });
  const wsHeaders = {
    [credentialHeaders.workspaceId]: String(ws.id),
    [credentialHeaders.workspaceToken]: String(ws.authToken),
  };
  const apiKey = Object.keys(ws.apiKeyList as object)[0] ?? '';
  const tokens = await post('/v2/workspace/authtokens/get', { apiKey }, wsHeaders);
  const token = (tokens.authTokens as { token: string }[])[0]?.token ?? '';

  const targets: Target[] = [
    {
      name: 'empty Fastify route (bare)',
      url: empty.url,
      headers: {},
      body: '{}',
    },
    {
      name: "empty route with the service's hooks",
      url: hooked.url,
      headers: {},
      body: '{}',
    },
    {
      name: 'Get Workspace',
      url: `${svc.url}/v2/workspace/get`,
      headers: wsHeaders,
      body: '{"data":{}}',
    },
    {
      name: 'Update API Key Config',
      url: `${svc.url}/v2/workspace/apikeyconfig/update`,
      headers: { [credentialHeaders.apiKey]: apiKey, [credentialHeaders.apiKeyToken]: token },
      body: JSON.stringify({
        data: { requireJwtToken: true, defaultDocumentAccessType: 'restricted' },
      }),
    },
  ];
  const [emptyTarget, hookedTarget, readTarget, writeTarget] = targets as [
    Target,
    Target,
    Target,
    Target,
  ];
  // This machine's speed drifts by a third from minute to minute, so the empty route and the read
  // are measured in alternating rounds, in reverse order every other round (kit/rounds.ts), and
  // each round's ratio compares neighbours in time.
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const measured = await measuredInRoundOrder(
      [emptyTarget, hookedTarget, readTarget],
      round,
      measure,
    );
    const of = (target: Target) => {
      const result = measured.get(target);
      if (!result) throw new Error(`${target.name} not measured`);
      return result;
    };
    rounds.push({ round, empty: of(emptyTarget), hooked: of(hookedTarget), read: of(readTarget) });
  }
  const write = await measure(writeTarget);
  const ratios = rounds.map((r) => r.read.requests.average / r.empty.requests.average);
  // The round with the median ratio stands for the run in the summary table.
  const byRatio = rounds.map((r, i) => ({ r, ratio: ratios[i] ?? 0 }));
  byRatio.sort((a, b) => a.ratio - b.ratio);
  const middle = byRatio[Math.floor(byRatio.length / 2)];
  if (!middle) throw new Error('no round measured');
  const { r: typical, ratio: median } = middle;
  const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
  console.log(
    `\n${connections} connections, ${seconds} s each, after a 2 s warm-up; service on embedded PGlite\n`,
  );
  printTable(
    [
      'round',
      'bare empty route req/s',
      'empty route with hooks req/s',
      'Get Workspace req/s',
      'of bare empty route',
      'of empty route with hooks',
    ],
    rounds.map((r, i) => [
      String(r.round),
      r.empty.requests.average.toFixed(0),
      r.hooked.requests.average.toFixed(0),
      r.read.requests.average.toFixed(0),
      percent(ratios[i] ?? 0),
      percent(r.read.requests.average / r.hooked.requests.average),
    ]),
  );
  console.log('');
  printTable(
    ['target', 'requests/s', 'p50 ms', 'p99 ms', 'of bare empty route'],
    (
      [
        [emptyTarget.name, typical.empty, 1],
        [
          hookedTarget.name,
          typical.hooked,
          typical.hooked.requests.average / typical.empty.requests.average,
        ],
        [readTarget.name, typical.read, median],
        [writeTarget.name, write, write.requests.average / typical.empty.requests.average],
      ] as const
    ).map(([name, result, ratio]) => [
      name,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      percent(ratio),
    ]),
  );
  console.log(
    `\nGet Workspace: median of ${ROUNDS} rounds ${percent(median)} of the empty route (target 50 %).`,
  );
} finally {
  await svc.stop();
  empty.stop();
  hooked.stop();
  rmSync(dataDir, { recursive: true, force: true });
  removeBuilds();
}
