// Single-row writes beside reads and an empty Fastify route (issue 16), at 10 connections:
// Update API Key Config on one key (every request waits for the same row's lock) and on ten keys
// (one per connection), Get API Key Config and Get Workspace; on PostgreSQL, the floor under a
// write: Fastify and the driver sending an update's statements to the service's tables as the
// service sends them and doing nothing else (bench/write-floor-route.ts), and the driver alone
// running a write's statements (the credential read; begin with the locking update; the audit
// entry with commit) with no HTTP and no framework: what the database allows a write here.
// Rounds alternate the targets, because this machine's speed drifts from minute to minute; the
// table gives each target's median round. `DATABASE_URL=postgres://… npx tsx bench/writes.ts`
// (an empty database; without it, the embedded database). SECONDS (default 8), ROUNDS (3);
// ONLY=floor measures just the ten keys' write and its floor, side by side in each round;
// FLOOR_VARIANTS (`;`-separated lists of write-floor-route.ts's FLOOR_PARTS) adds floors with
// parts of the write path, to show what bounds it. The
// floor runs twice: on bare Fastify, and on the service's own HTTP layer (what every route of the
// service carries), so that the table shows how much of the gap is the HTTP layer's.
// BASELINE=<another checkout's directory> (with its node_modules) also runs that checkout's
// service on the same database and measures its ten keys' write in the same rounds: a change
// measured before and after, alternating, in reverse order every other round (kit/rounds.ts).
// SERVICE_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=…`) are given to each service and floor
// route; the requests each target answered in all are printed to divide by.
// Beside requests/s it reads the CPU time per request of the process answering (the service, or
// the floor's) and, on PostgreSQL, of the server's backends connected to the bench's database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { corked } from '#server/db/pipelined-transaction';
import { apiKeyOf, benchService, post } from './kit/service';
import { freePort, spawnService } from '#server/testing/service-process';
import { routeServer } from './kit/route-server';
import { inRoundOrder } from './kit/rounds';
import { builtService, removeBuilds } from './kit/built';
import { printTable } from './table';
import { cpuMsOf } from './kit/cpu';
import { credentialHeaders } from '#contract/credentials';

const SECONDS = Number(process.env.SECONDS ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = 10;
// Ten owners' workspaces are made in a second, past the default limit on workspace creation.
process.env.RATE_LIMIT_CREATE_WORKSPACE_MAX = '1000';

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time per request of the answering process, and of the database's backends, µs. */
  cpuUs?: number;
  dbCpuUs?: number;
}

interface Target {
  name: string;
  run(): Promise<Measured>;
}

const databaseUrl = process.env.DATABASE_URL;
const local =
  databaseUrl !== undefined && ['127.0.0.1', 'localhost'].includes(new URL(databaseUrl).hostname);
/** The backends serving the bench's database (not the other databases of a shared server). */
async function backendPids(): Promise<number[]> {
  if (!databaseUrl || !local) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** Measures `run` with the CPU time per request of `pid` and of the database's backends. */
async function withCpu(pid: number | undefined, run: () => Promise<Measured>): Promise<Measured> {
  const before = new Map((await backendPids()).map((p) => [p, cpuMsOf(p)]));
  const own = pid ? cpuMsOf(pid) : 0;
  const m = await run();
  const requests = m.rps * SECONDS;
  // Per backend: one that started during the run counts from zero; one that ended is missed.
  let db = 0;
  for (const p of await backendPids()) db += cpuMsOf(p) - (before.get(p) ?? 0);
  return {
    ...m,
    ...(pid ? { cpuUs: ((cpuMsOf(pid) - own) * 1000) / requests } : {}),
    ...(before.size > 0 ? { dbCpuUs: (db * 1000) / requests } : {}),
  };
}

/** A POST target at CONNECTIONS connections, each connection with its own headers. */
function httpTarget(
  name: string,
  url: string,
  body: unknown,
  headersOf: (connection: number) => Record<string, string>,
  server?: { pid?: number },
): Target {
  const run = async (): Promise<Measured> => {
    let connection = 0;
    const r = await autocannon({
      url,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      body: JSON.stringify(body),
      setupClient: (client) => {
        client.setHeaders({ 'content-type': 'application/json', ...headersOf(connection++) });
      },
    });
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    answered.set(name, (answered.get(name) ?? 0) + r.requests.total);
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  };
  return { name, run: () => withCpu(server?.pid, run) };
}

/**
 * Requests each HTTP target answered in all, warm-up included: what a `--cpu-prof` profile of its
 * process (SERVICE_NODE_ARGS) is divided by for its time per request.
 */
const answered = new Map<string, number>();

const pools: pg.Pool[] = [];

/**
 * The driver alone, CONNECTIONS clients, a write's statements as the service sends them, on
 * tables of its own: the credential read; BEGIN with the locking update that answers the row as
 * it was and is; the audit entry with COMMIT. Named statements, in pipeline mode.
 */
function driverTarget(url: string): Target {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS, pipeline: true });
  pools.push(pool);
  let prepared = false;
  const prepare = async () => {
    await pool.query(`create table if not exists bench_keys (id text primary key, hash text);
      create table if not exists bench_configs (id text primary key, flag boolean, at timestamptz);
      create table if not exists bench_audit (id text primary key, at timestamptz, action text,
        actor jsonb, target jsonb, changes jsonb)`);
    for (let i = 0; i < CONNECTIONS; i++) {
      await pool.query('insert into bench_keys values ($1, $2) on conflict do nothing', [
        `k${i}`,
        'h',
      ]);
      await pool.query(
        'insert into bench_configs values ($1, true, now()) on conflict do nothing',
        [`k${i}`],
      );
    }
    prepared = true;
  };
  return {
    name: 'the driver alone: a write’s statements',
    run: () => withCpu(process.pid, run),
  };
  async function run(): Promise<Measured> {
    if (!prepared) await prepare();
    const latencies: number[] = [];
    const start = performance.now();
    let n = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, i) => {
        while (performance.now() - start < SECONDS * 1000) {
          const t0 = performance.now();
          await pool.query({
            name: 'bench_credential',
            text: 'select hash from bench_keys where id = $1',
            values: [`k${i}`],
          });
          const c = await pool.connect();
          try {
            await Promise.all(
              corked(c, () => [
                c.query('begin'),
                c.query({
                  name: 'bench_update',
                  text: `update bench_configs as n set flag = not o.flag, at = now()
                      from (select * from bench_configs where id = $1 for update) as o
                      where n.id = o.id returning to_jsonb(o) as before, to_jsonb(n) as after`,
                  values: [`k${i}`],
                }),
              ]),
            );
            await Promise.all(
              corked(c, () => [
                c.query({
                  name: 'bench_audit',
                  text: 'insert into bench_audit values ($1, now(), $2, $3, $4, $5)',
                  values: [
                    `a${i}-${n}-${start}`,
                    'Update API Key Config',
                    '{"ip":"127.0.0.1"}',
                    '{"apiKeyId":"k"}',
                    '{"flag":{"from":true,"to":false}}',
                  ],
                }),
                c.query('commit'),
              ]),
            );
          } finally {
            c.release();
          }
          n++;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
    return { rps: n / SECONDS, p50: at(0.5), p99: at(0.99) };
  }
}

const bench = await benchService('writes');
const nodeArgs = process.env.SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const temporaries: string[] = [];
function temporary(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaries.push(dir);
  return dir;
}
/** A service of checkout `dir` (built) on a data directory of its own, the bench's database. */
const serviceOf = async (dir: string) =>
  spawnService(
    {
      DATA_DIR: temporary('svc-bench-writes-data-'),
      SVC_MASTER_KEY: '7'.repeat(64),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    await freePort(),
    undefined,
    [...nodeArgs, ...builtService(dir, 'writes')],
  );
const svc = await serviceOf('.');
const baseline = process.env.BASELINE ? await serviceOf(process.env.BASELINE) : undefined;
const servers: { stop(): void }[] = [];

try {
  const empty = await routeServer('empty-route.ts', '/empty');
  servers.push(empty);
  const keys: { headers: Record<string, string> }[] = [];
  for (let i = 0; i < CONNECTIONS; i++)
    keys.push(await apiKeyOf(svc.url, `writes${i}@example.com`));
  const one = keys[0]?.headers ?? {};
  const created = await post(svc.url, '/v2/workspace/create', {
    ownerEmail: 'writes-ws@example.com',
  });
  const ws = created.body.result.data as { id: string; authToken: string };
  const wsHeaders = {
    [credentialHeaders.workspaceId]: ws.id,
    [credentialHeaders.workspaceToken]: ws.authToken,
  };
  const update = { data: { requireJwtToken: true, defaultDocumentAccessType: 'restricted' } };
  const tenKeys = httpTarget(
    'Update API Key Config, ten keys',
    `${svc.url}/v2/workspace/apikeyconfig/update`,
    update,
    (c) => keys[c % keys.length]?.headers ?? one,
    svc.child,
  );
  const only = process.env.ONLY === 'floor';
  const targets: Target[] = only
    ? []
    : [
        httpTarget('empty Fastify route', empty.url, {}, () => ({}), empty),
        httpTarget(
          'Get Workspace',
          `${svc.url}/v2/workspace/get`,
          { data: {} },
          () => wsHeaders,
          svc.child,
        ),
        httpTarget(
          'Get API Key Config',
          `${svc.url}/v2/workspace/apikeyconfig/get`,
          { data: {} },
          (c) => keys[c % keys.length]?.headers ?? one,
          svc.child,
        ),
        httpTarget(
          'Update API Key Config, one key',
          `${svc.url}/v2/workspace/apikeyconfig/update`,
          update,
          () => one,
          svc.child,
        ),
      ];
  targets.push(tenKeys);
  if (baseline) {
    targets.push(
      httpTarget(
        'Update API Key Config, ten keys, baseline',
        `${baseline.url}/v2/workspace/apikeyconfig/update`,
        update,
        (c) => keys[c % keys.length]?.headers ?? one,
        baseline.child,
      ),
    );
  }
  let floorTarget: Target | undefined;
  let hookedTarget: Target | undefined;
  if (process.env.DATABASE_URL) {
    /** The floor route, on bare Fastify or on the service's HTTP layer. */
    const floorOn = async (name: string, hooks: boolean, floorParts = '') => {
      // Started once the keys exist: it reads them at start.
      // Profiled as the service is, when SERVICE_NODE_ARGS asks for it.
      const floor = await routeServer(
        'write-floor-route.ts',
        '/write',
        { SERVICE_HOOKS: hooks ? '1' : '0', FLOOR_PARTS: floorParts },
        nodeArgs,
      );
      servers.push(floor);
      return httpTarget(name, floor.url, update, (c) => ({ 'x-key': String(c) }), floor);
    };
    floorTarget = await floorOn('Fastify and the driver: a write’s statements', false);
    // The same route with everything every route of the service carries: the write's floor
    // through the service's HTTP layer, which the service's write path adds to.
    hookedTarget = await floorOn('the service’s HTTP layer and the driver: the same', true);
    // Next to the write they are the floors of, so that each round compares neighbours in time.
    targets.push(floorTarget, hookedTarget);
    // Parts of the write path added to that floor (FLOOR_VARIANTS, e.g. `validation;seam`): what
    // bounds the write, part by part (write-floor-route.ts names the parts).
    for (const variant of process.env.FLOOR_VARIANTS?.split(';').filter(Boolean) ?? []) {
      targets.push(
        await floorOn(`the same with ${variant.replaceAll(',', ' and ')}`, true, variant),
      );
    }
    if (!only) targets.push(driverTarget(process.env.DATABASE_URL));
  }
  // Warm-up: JIT, connection pools, the first rows of every table.
  for (const target of targets) await target.run();
  const results = new Map<string, Measured[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of inRoundOrder(targets, round)) {
      const m = await target.run();
      results.get(target.name)?.push(m);
      console.error(
        `round ${round} ${target.name}: ${m.rps.toFixed(0)} requests/s, p50 ${m.p50} ms`,
      );
    }
  }
  const median = (ms: Measured[]) =>
    [...ms].sort((a, b) => a.rps - b.rps)[Math.floor(ms.length / 2)];
  const emptyRps = median(results.get('empty Fastify route') ?? [])?.rps ?? NaN;
  const us = (v: number | undefined) => (v === undefined ? '' : v.toFixed(0));
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per round, median of ${ROUNDS} rounds; ${bench.label}\n`,
  );
  printTable(
    [
      'target',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'of empty route',
      'process CPU µs/request',
      'database CPU µs/request',
    ],
    targets.map((t) => {
      const m = median(results.get(t.name) ?? []);
      return [
        t.name,
        (m?.rps ?? 0).toFixed(0),
        String(m?.p50 ?? ''),
        String(m?.p99 ?? ''),
        // Blank when the empty route was not measured (ONLY=floor).
        Number.isNaN(emptyRps) ? '' : `${(((m?.rps ?? 0) / emptyRps) * 100).toFixed(1)} %`,
        us(m?.cpuUs),
        us(m?.dbCpuUs),
      ];
    }),
  );
  console.error(
    `requests answered in all (warm-up included): ${[...answered]
      .map(([name, n]) => `${name} ${n}`)
      .join('; ')}`,
  );
  if (floorTarget) {
    // Round by round: the write (and the baseline's) against the floor measured beside it.
    const floors = results.get(floorTarget.name) ?? [];
    const hooked = results.get(hookedTarget?.name ?? '') ?? [];
    const compared = [tenKeys.name, ...(baseline ? [`${tenKeys.name}, baseline`] : [])];
    console.log();
    printTable(
      [
        'round',
        'write',
        'write requests/s',
        'floor requests/s',
        'write of floor',
        'write of floor on the HTTP layer',
        'CPU µs/request, service / floor / floor on the HTTP layer',
        'database CPU µs/request, write / floor',
      ],
      floors.flatMap((f, i) =>
        compared.map((name) => {
          const w = results.get(name)?.[i];
          return [
            String(i + 1),
            name.endsWith('baseline') ? 'baseline' : 'this checkout',
            (w?.rps ?? 0).toFixed(0),
            f.rps.toFixed(0),
            `${(((w?.rps ?? 0) / f.rps) * 100).toFixed(0)} %`,
            `${(((w?.rps ?? 0) / (hooked[i]?.rps ?? NaN)) * 100).toFixed(0)} %`,
            `${us(w?.cpuUs)} / ${us(f.cpuUs)} / ${us(hooked[i]?.cpuUs)}`,
            `${us(w?.dbCpuUs)} / ${us(f.dbCpuUs)}`,
          ];
        }),
      ),
    );
  }
} finally {
  for (const server of servers) server.stop();
  for (const pool of pools) await pool.end();
  await svc.stop();
  await baseline?.stop();
  bench.cleanup();
  for (const dir of temporaries) rmSync(dir, { recursive: true, force: true });
  removeBuilds();
}
