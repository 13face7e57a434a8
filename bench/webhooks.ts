// Webhook delivery: signed deliveries per second, event-to-delivery latency, and the measured
// rate of a rate-limited endpoint. Run with `npx tsx bench/webhooks.ts`.
//
// 20,000 events reach 5 endpoints: 4 without a rate limit (one organization each) and one with
// `rateLimit: 50` (its own organization, 500 events, queued first so that it has a backlog).
// Phase "steady" emits half the rest at EVENTS_PER_SECOND (default 1,000) and shows the latency
// of a service that keeps up; phase "burst" emits the other half as fast as the API takes them
// and shows the most deliveries per second. Phase "backlog" then sends 50,000 events in ONE call
// (1,000 annotations of 49 comments) to a sixth endpoint and samples /healthz every 50 ms from the
// call until the last delivery: the service must keep answering while it works off the backlog.
// The service, the receiver (which verifies every signature with the standardwebhooks library)
// and the emitter are three processes. Then the "dead receiver" phase (bench/dead-receiver.ts;
// DEAD_PHASE=off skips it; BACKLOG_PHASE=off skips the backlog phase).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnService } from '#server/testing/service-process';
import { printTable } from './table';
import { ask, percentile } from './kit/webhook-run';
import { type CostProbe, costRows, snapshot } from './kit/phase-cost';
import type { Arrival } from './webhook-receiver';
import { credentialHeaders } from '#contract/credentials';
import { deadReceiverPhase } from './dead-receiver';

const eventsPerSecond = Number(process.env.EVENTS_PER_SECOND ?? 1000);
const perRequest = 10; // annotations per request, each with one comment: 2 events apiece
const eventsPerRequest = perRequest * 2;
const rateLimited = { org: 'org-rl', events: 500, limit: 50 };
const plainOrgs = ['org-0', 'org-1', 'org-2', 'org-3'];
const backlog = { org: 'org-backlog', annotations: 1000, commentsEach: 49 };

const receiver = fork(new URL('./webhook-receiver.ts', import.meta.url), [], {
  execArgv: ['--import', 'tsx'],
});
const [{ port: receiverPort }] = (await once(receiver, 'message')) as [{ port: number }];
const report = () => ask<{ arrivals: Arrival[]; badSignatures: number }>(receiver, 'report');

const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-webhooks-'));
// SERVICE_URL measures a service started elsewhere (e.g. under a profiler); its receiver targets
// must then be allowed (WEBHOOK_ALLOW_PRIVATE=true, RATE_LIMITS=off).
const external = process.env.SERVICE_URL;
const svc = external
  ? { url: external, stop: () => Promise.resolve() }
  : await spawnService(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.DATABASE_URL ?? '',
        RATE_LIMITS: 'off',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // The backlog phase's one call of 50,000 events is about 2 MB.
        BODY_LIMIT_BYTES: String(8 * 1024 * 1024),
      },
      await freePort(),
    );

async function post<T>(path: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(svc.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.result.data;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Deliveries per second over a sorted list of times (ms). */
const rateOf = (times: number[]) =>
  (times.length - 1) / (((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000);

/** Samples /healthz every 50 ms until `stop` resolves; answers each latency in ms. */
async function sampleHealth(stop: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void stop.then(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    try {
      await fetch(`${svc.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
      latencies.push(performance.now() - t0);
    } catch {
      latencies.push(30_000);
    }
    await sleep(50);
  }
  return latencies;
}

async function backlogPhase(headers: Record<string, string>): Promise<string[][]> {
  const events = backlog.annotations * (1 + backlog.commentsEach);
  const counts = () => ask<Record<string, number>>(receiver, 'counts');
  const before = (await counts())[backlog.org] ?? 0;
  const started = Date.now();
  let callMs = 0;
  let drainedAt = 0;
  const work = (async () => {
    await post(
      '/v2/commentannotations/add',
      {
        organizationId: backlog.org,
        documentId: 'doc-backlog',
        commentAnnotations: Array.from({ length: backlog.annotations }, (_, i) => ({
          commentData: Array.from({ length: backlog.commentsEach }, () => ({
            commentText: `c${i}`,
            from: { userId: 'u' },
          })),
        })),
      },
      headers,
    );
    callMs = Date.now() - started;
    const deadline = Date.now() + 600_000;
    while (((await counts())[backlog.org] ?? 0) - before < events && Date.now() < deadline) {
      await sleep(250);
    }
    drainedAt = Date.now();
  })();
  const health = (await sampleHealth(work)).sort((a, b) => a - b);
  await work;
  const delivered = ((await counts())[backlog.org] ?? 0) - before;
  const ms = (v: number) => `${Math.round(v)} ms`;
  return [
    ['events emitted by the call', String(events)],
    ['the call answered after', ms(callMs)],
    ['deliveries received', String(delivered)],
    ['all delivered after', ms(drainedAt - started)],
    [
      'deliveries / s (call to last delivery)',
      String(Math.round((delivered * 1000) / (drainedAt - started))),
    ],
    ['/healthz samples', String(health.length)],
    [
      '/healthz p50 / p99 / max',
      `${ms(percentile(health, 50))} / ${ms(percentile(health, 99))} / ${ms(health.at(-1) ?? NaN)}`,
    ],
  ];
}

try {
  const ws = await post<{ id: string; authToken: string; apiKeyList: object }>(
    '/v2/workspace/create',
    { ownerEmail: 'bench-webhooks@example.com' },
  );
  const apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
  const tokens = await post<{ authTokens: { token: string }[] }>(
    '/v2/workspace/authtokens/get',
    { apiKey },
    { [credentialHeaders.workspaceId]: ws.id, [credentialHeaders.workspaceToken]: ws.authToken },
  );
  const headers = {
    [credentialHeaders.apiKey]: apiKey,
    [credentialHeaders.apiKeyToken]: tokens.authTokens[0]?.token ?? '',
  };
  await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, headers);
  const secrets: Record<string, string> = {};
  let limitedEndpoint = '';
  for (const org of [...plainOrgs, rateLimited.org, backlog.org]) {
    const limited = org === rateLimited.org;
    const ep = await post<{ id: string }>(
      '/v2/workspace/advancedwebhook/endpoints/create',
      {
        url: `http://127.0.0.1:${receiverPort}/${org}`,
        channels: [org],
        ...(limited ? { rateLimit: rateLimited.limit } : {}),
      },
      headers,
    );
    if (limited) limitedEndpoint = ep.id;
    secrets[org] = (
      await post<{ secret: string }>(
        '/v2/workspace/advancedwebhook/endpoints/secret/get',
        { endpointId: ep.id },
        headers,
      )
    ).secret;
  }
  await ask(receiver, { secrets });

  const emit = (org: string) =>
    post(
      '/v2/commentannotations/add',
      {
        organizationId: org,
        documentId: 'doc-bench',
        commentAnnotations: Array.from({ length: perRequest }, (_, i) => ({
          commentData: [{ commentText: `comment ${i}`, from: { userId: 'u-bench' } }],
        })),
      },
      headers,
    );

  /** Emits `requests` requests round-robin over the plain organizations, paced or not. */
  async function emitPhase(requests: number, rate: number | undefined) {
    const started = Date.now();
    let next = 0;
    const emitter = async () => {
      for (let i = next++; i < requests; i = next++) {
        if (rate) await sleep(started + (i * eventsPerRequest * 1000) / rate - Date.now());
        await emit(plainOrgs[i % plainOrgs.length] ?? '');
      }
    };
    // Enough calls under way to offer the steady rate while each takes up to 100 ms.
    const concurrency = rate ? Math.max(8, Math.ceil(rate / 100)) : 8;
    await Promise.all(Array.from({ length: concurrency }, emitter));
    return { started, emittedMs: Date.now() - started };
  }

  const plainArrivals = async () =>
    (await report()).arrivals.filter((a) => a.org !== rateLimited.org && a.org !== backlog.org);

  // The rate-limited endpoint's backlog first, so that it is busy for its whole run.
  for (let i = 0; i < rateLimited.events / eventsPerRequest; i++) await emit(rateLimited.org);

  const plainTotal = 20_000 - rateLimited.events;
  const phases: [string, number, number | undefined][] = [
    ['steady', Math.floor(plainTotal / 2 / eventsPerRequest), eventsPerSecond],
    ['burst', Math.ceil(plainTotal / 2 / eventsPerRequest), undefined],
  ];
  const rows: string[][] = [];
  const costs: [string, string[][]][] = [];
  const probe: CostProbe = {
    processes: {
      service: 'child' in svc ? svc.child.pid : undefined,
      receiver: receiver.pid,
      'emitter (this process)': process.pid,
    },
    serviceUrl: svc.url,
    databaseUrl: process.env.DATABASE_URL,
  };
  let expected = rateLimited.events;
  for (const [name, requests, rate] of phases) {
    const before = (await plainArrivals()).length;
    const costBefore = await snapshot(probe);
    const { started, emittedMs } = await emitPhase(requests, rate);
    const events = requests * eventsPerRequest;
    expected += events;
    const deadline = Date.now() + 120_000;
    let mine = (await plainArrivals()).slice(before);
    while (mine.length < events && Date.now() < deadline) {
      await sleep(100);
      mine = (await plainArrivals()).slice(before);
    }
    const lastAt = Math.max(...mine.map((a) => a.at));
    costs.push([name, costRows(costBefore, await snapshot(probe), mine.length)]);
    const latencies = mine.map((a) => a.at - a.createdAt).sort((a, b) => a - b);
    rows.push([
      name,
      String(events),
      String(Math.round((events * 1000) / emittedMs)),
      String(Math.round((mine.length * 1000) / (lastAt - started))),
      `${percentile(latencies, 50)} ms`,
      `${percentile(latencies, 99)} ms`,
    ]);
  }
  let final = await report();
  for (let waited = 0; final.arrivals.length < expected && waited < 60_000; waited += 100) {
    await sleep(100);
    final = await report();
  }

  const received = final.arrivals
    .filter((a) => a.org === rateLimited.org)
    .map((a) => a.at)
    .sort((a, b) => a - b);
  // The same endpoint's send times, from the service's own delivery log.
  const sent: number[] = [];
  let iterator: string | null | undefined;
  do {
    const page = await post<{
      messages: { attempts: { attemptedAt: string }[] }[];
      iterator: string | null;
    }>(
      '/v2/workspace/advancedwebhook/endpoints/messages/list',
      { endpointId: limitedEndpoint, limit: 100, ...(iterator ? { iterator } : {}) },
      headers,
    );
    for (const m of page.messages) sent.push(Date.parse(m.attempts[0]?.attemptedAt ?? ''));
    iterator = page.iterator;
  } while (iterator);
  sent.sort((a, b) => a - b);
  const describeRate = (times: number[]) => {
    const rate = rateOf(times);
    const off = ((rate - rateLimited.limit) / rateLimited.limit) * 100;
    const span = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    return `${rate.toFixed(1)} / s over ${span.toFixed(1)} s (${off >= 0 ? '+' : ''}${off.toFixed(1)} %)`;
  };

  const backlogRows = process.env.BACKLOG_PHASE === 'off' ? [] : await backlogPhase(headers);

  printTable(
    ['phase', 'events', 'emitted / s', 'signed deliveries / s', 'p50 latency', 'p99 latency'],
    rows,
  );
  for (const [name, cost] of costs) {
    console.log();
    printTable(
      [`where the time went: ${name} phase, from its first event to its last delivery`, 'value'],
      cost,
    );
  }
  if (backlogRows.length > 0) {
    console.log();
    printTable(['backlog phase (one call of 50,000 events, one endpoint)', 'value'], backlogRows);
  }
  console.log();
  printTable(
    ['check', 'value'],
    [
      ['events emitted (to 5 endpoints, before the backlog phase)', String(expected)],
      [
        'deliveries received (unique webhook-id)',
        `${final.arrivals.length} (${new Set(final.arrivals.map((a) => a.id)).size})`,
      ],
      ['signatures failing standardwebhooks', String(final.badSignatures)],
      [`rateLimit: ${rateLimited.limit} endpoint, as received`, describeRate(received)],
      [`rateLimit: ${rateLimited.limit} endpoint, as sent (delivery log)`, describeRate(sent)],
    ],
  );
} finally {
  await svc.stop();
  receiver.send('stop');
  rmSync(dataDir, { recursive: true, force: true });
}

// The dead-receiver phase: services of their own, with the circuit breaker on and off.
if (process.env.DEAD_PHASE !== 'off') {
  console.log();
  await deadReceiverPhase();
}
