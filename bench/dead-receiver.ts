// The "dead receiver" phase of bench/webhooks.ts, also runnable alone:
// `npx tsx bench/dead-receiver.ts`. 50 endpoints on a closed port are owed DEAD_MESSAGES messages
// (default 500,000, inserted in bulk in SQL, all due at once) while a live endpoint receives
// LIVE_EVENTS_PER_SECOND events (default 500) for DEAD_PHASE_SECONDS (default 180). It runs
// twice in one go, with the circuit breaker on (the default) and off (WEBHOOK_BREAKER_FAILURES=0),
// each on a fresh embedded database, and prints the live endpoint's latency and the service's
// database statements per second (from /metrics). Shorter: DEAD_PHASE_SECONDS=20
// DEAD_MESSAGES=50000.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '#server/db/connection';
import { freePort, spawnService } from '#server/testing/service-process';
import { apiKeyOf } from './kit/service';
import { printTable } from './table';
import { ask, metric, percentile } from './kit/webhook-run';
import type { Arrival } from './webhook-receiver';

const seconds = Number(process.env.DEAD_PHASE_SECONDS ?? 180);
const owed = Number(process.env.DEAD_MESSAGES ?? 500_000);
const liveRate = Number(process.env.LIVE_EVENTS_PER_SECOND ?? 500);
const deadEndpoints = 50;
const perRequest = 10; // annotations per request, each with one comment: 2 events apiece
const eventsPerRequest = perRequest * 2;
const liveOrg = 'org-live';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post<T>(url: string, path: string, data: unknown, headers = {}): Promise<T> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.result.data;
}

interface Setup {
  headers: Record<string, string>;
  deadIds: string[];
}

/** A new workspace's first API key, with advanced webhooks on: the headers that present it. */
async function keyWithWebhooks(url: string, ownerEmail: string) {
  const { headers } = await apiKeyOf(url, ownerEmail);
  await post(url, '/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, headers);
  return headers;
}

/**
 * 50 endpoints at a closed port (a key's most), and on another key one at the receiver: the
 * headers of the live key, and the dead endpoints' ids.
 */
async function setUp(url: string, receiverPort: number, secretOut: (s: string) => Promise<void>) {
  const deadKey = await keyWithWebhooks(url, 'bench-dead@example.com');
  const closedPort = await freePort();
  const deadIds: string[] = [];
  for (let i = 0; i < deadEndpoints; i += 1) {
    const ep = await post<{ id: string }>(
      url,
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: `http://127.0.0.1:${closedPort}/dead-${i}` },
      deadKey,
    );
    deadIds.push(ep.id);
  }
  const headers = await keyWithWebhooks(url, 'bench-live@example.com');
  const live = await post<{ id: string }>(
    url,
    '/v2/workspace/advancedwebhook/endpoints/create',
    { url: `http://127.0.0.1:${receiverPort}/${liveOrg}` },
    headers,
  );
  const { secret } = await post<{ secret: string }>(
    url,
    '/v2/workspace/advancedwebhook/endpoints/secret/get',
    { endpointId: live.id },
    headers,
  );
  await secretOut(secret);
  return { headers, deadIds } satisfies Setup;
}

/** The dead endpoints' messages, round robin, all due now: a backlog owed since they died. */
async function owe(dataDir: string, deadIds: string[]): Promise<number> {
  const db = await PGlite.create({
    dataDir: join(dataDir, 'pgdata'),
    extensions: PGLITE_EXTENSIONS,
  });
  const started = Date.now();
  try {
    await db.query(
      `insert into webhook_messages (id, endpoint_id, event_type, payload, next_attempt_at, created_at)
       select 'msg_dead_' || i, ($1::text[])[1 + i % array_length($1::text[], 1)], 'comment.add',
         '{"event":"comment.add","data":{}}',
         now() - make_interval(secs => ($2 - i) / 1000.0), now() - make_interval(secs => ($2 - i) / 1000.0)
       from generate_series(1, $2::int) as i`,
      [deadIds, owed],
    );
    await db.query('analyze webhook_messages');
  } finally {
    await db.close();
  }
  return Date.now() - started;
}

/** One run: the breaker on or off, a fresh database, the live endpoint at `liveRate`. */
async function run(breaker: boolean): Promise<string[]> {
  const receiver = fork(new URL('./webhook-receiver.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
  });
  const [{ port: receiverPort }] = (await once(receiver, 'message')) as [{ port: number }];
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-dead-'));
  const env = {
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WEBHOOK_BREAKER_FAILURES: breaker ? (process.env.WEBHOOK_BREAKER_FAILURES ?? '10') : '0',
  };
  try {
    const port = await freePort();
    const first = await spawnService(env, port);
    let setup: Setup;
    try {
      setup = await setUp(first.url, receiverPort, async (secret) => {
        await ask(receiver, { secrets: { [liveOrg]: secret } });
      });
    } finally {
      await first.stop();
    }
    const insertMs = await owe(dataDir, setup.deadIds);
    const svc = await spawnService(env, port);
    try {
      const statementsBefore = await metric(svc.url, 'svc_db_statement_duration_seconds_count');
      const failedBefore = await metric(
        svc.url,
        'svc_webhook_attempts_total',
        'outcome="retrying"',
      );
      const started = Date.now();
      const requests = Math.floor((seconds * liveRate) / eventsPerRequest);
      let next = 0;
      const emitter = async () => {
        for (let i = next++; i < requests; i = next++) {
          await sleep(started + (i * eventsPerRequest * 1000) / liveRate - Date.now());
          await post(
            svc.url,
            '/v2/commentannotations/add',
            {
              organizationId: liveOrg,
              documentId: 'doc-live',
              commentAnnotations: Array.from({ length: perRequest }, (_, j) => ({
                commentData: [{ commentText: `c${i}-${j}`, from: { userId: 'u' } }],
              })),
            },
            setup.headers,
          );
        }
      };
      await Promise.all(Array.from({ length: 8 }, emitter));
      const elapsed = (Date.now() - started) / 1000;
      const statements =
        (await metric(svc.url, 'svc_db_statement_duration_seconds_count')) - statementsBefore;
      const deadAttempts =
        (await metric(svc.url, 'svc_webhook_attempts_total', 'outcome="retrying"')) - failedBefore;
      // What arrives within 30 s more counts; a service that fell behind shows it in p99.
      const emitted = requests * eventsPerRequest;
      const deadline = Date.now() + 30_000;
      let arrivals: Arrival[] = [];
      while (Date.now() < deadline) {
        arrivals = (await ask<{ arrivals: Arrival[] }>(receiver, 'report')).arrivals;
        if (arrivals.length >= emitted) break;
        await sleep(250);
      }
      const latencies = arrivals.map((a) => a.at - a.createdAt).sort((a, b) => a - b);
      // Events emitted in the phase's second half: after a breaker parked the backlog.
      const half = started + (seconds * 1000) / 2;
      const late = arrivals
        .filter((a) => a.createdAt >= half)
        .map((a) => a.at - a.createdAt)
        .sort((a, b) => a - b);
      return [
        breaker ? 'on' : 'off',
        `${owed.toLocaleString('en')} (${(insertMs / 1000).toFixed(1)} s)`,
        `${Math.round(elapsed)} s`,
        `${arrivals.length} / ${emitted}`,
        `${percentile(latencies, 50)} ms`,
        `${percentile(latencies, 99)} ms`,
        `${percentile(late, 99)} ms`,
        String(Math.round(statements / elapsed)),
        String(Math.round(deadAttempts)),
      ];
    } finally {
      await svc.stop();
    }
  } finally {
    receiver.send('stop');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both runs and their table. */
export async function deadReceiverPhase(): Promise<void> {
  const rows = [await run(true), await run(false)];
  printTable(
    [
      'breaker',
      'messages owed (insert)',
      'phase',
      'live delivered',
      'live p50',
      'live p99',
      'live p99, 2nd half',
      'DB statements / s',
      'dead attempts',
    ],
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await deadReceiverPhase();
