// The backlog of issue 28, item 16. A schema fuzz run leaves endpoints of several keys with varied
// settings (filterTypes, channels, rate limits, some disabled) on a port where nothing listens
// (the fuzz samples' http://localhost:9000/hook); then ONE Add Comment Annotations call of 20,000
// comments reaches 11 of them: 220,000 messages, each of which fails and is retried. The queue
// already holds what the fuzz run's own calls left: HISTORY messages (default 300,000) of those
// endpoints, most failed after their last retry, a fifth still pending with a retry due later,
// loaded directly while the service is stopped.
//
// Phase "service": the service in its own process. /healthz is asked every 50 ms from the call
// on, for SECONDS (default 120), then 10 of the 11 endpoints are deleted one by one while it is
// still asked. Phase "passes": the same sequence in this process, the worker driven by hand after
// the fan-out, every statement of its passes measured (EXPLAIN ANALYZE in a rolled-back
// transaction, src/server/testing/rows-read.ts): statements and rows of the queue read per pass.
//
//   npx tsx bench/backlog.ts [--phase service|passes]
// On PostgreSQL with DATABASE_URL naming an empty database (the benchmark fills it), else on the
// embedded database.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/db';
import { openDatabase } from '#server/db/connection';
import { measuredDatabase } from '#server/testing/rows-read';
import { freePort, spawnService } from '#server/testing/service-process';
import { startTestService } from '#server/testing/test-service';
import { apiKeyCredentialsOn, remote, webhooksOf } from '#server/testing/webhook-fixtures';
import type { Client } from '#contract/client';
import type { Credentials } from '#contract/credentials';
import { addCommentAnnotations } from '#contract/activities';
import { deleteAdvancedWebhookEndpoint } from '#contract/webhooks';
import { quantile } from './kit/service';
import { printTable } from './table';

const ms = (v: number) => v.toFixed(0);

const { values } = parseArgs({ options: { phase: { type: 'string' } } });
const SECONDS = Number(process.env.SECONDS ?? 120);
const HISTORY = Number(process.env.HISTORY ?? 300_000);
const databaseUrl = process.env.DATABASE_URL;
const label = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
const env = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  // The call of 20,000 comments is about 1.5 MB.
  BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
};

/** Settings of the endpoints the call reaches: 11, every one subscribed to its comments. */
const SUBSCRIBED: Record<string, unknown>[] = [
  {},
  { filterTypes: ['comment.add'] },
  { filterTypes: ['comment.add', 'comment_annotation.add'], channels: ['org-b', 'main'] },
  { channels: ['org-b'] },
  { rateLimit: 5 },
  { rateLimit: 50, filterTypes: ['comment.add', 'comment_annotation.add'] },
  { rateLimit: 29_760 },
  { channels: ['org-b'], rateLimit: 10 },
  { description: 'd', metadata: { team: 'core' } },
  { uid: 'mine' },
  { description: 'second team' },
];
/** Settings of the rest: other keys' endpoints, and the call key's that it does not reach. */
const OTHERS: Record<string, unknown>[] = [
  { disabled: true },
  { channels: ['main'] },
  { filterTypes: ['user.add'] },
  { rateLimit: 5, filterTypes: ['comment_annotation.add'], channels: ['main'] },
  { channels: ['Z[', 'wd]'] },
  {},
  { rateLimit: 40_904, disabled: true },
  { filterTypes: ['comment.add'] },
  { channels: ['r1'], rateLimit: 10, disabled: true },
  { rateLimit: 5 },
  { uid: 'other' },
  { description: 'fuzzed' },
];

/** The contract's client of the service under test, presenting the credentials given. */
type ClientOn = (credentials?: readonly Credentials[]) => Client;

/** Five keys with webhooks on and 61 endpoints; answers the call key and its 11. */
async function leftovers(clientOn: ClientOn, url: string) {
  const keys = [];
  for (let k = 0; k < 5; k++) {
    keys.push(await apiKeyCredentialsOn(clientOn(), `backlog-${k}@example.com`));
  }
  const subscribed: string[] = [];
  for (const [k, key] of keys.entries()) {
    const wh = webhooksOf(clientOn([key]));
    await wh.enable();
    if (k === 0) {
      for (const settings of SUBSCRIBED)
        subscribed.push((await wh.createEndpoint({ url, ...settings })).id);
      for (const settings of OTHERS.slice(0, 2)) await wh.createEndpoint({ url, ...settings });
    } else {
      for (const settings of OTHERS) await wh.createEndpoint({ url, ...settings });
    }
  }
  const [key] = keys;
  if (!key) throw new Error('no key');
  return { key, subscribed };
}

/**
 * The messages earlier calls left on every endpoint: four in five failed after their eighth
 * attempt, the rest pending with a retry due in the next hour; created over the last day.
 */
async function loadHistory(db: Db): Promise<void> {
  const now = Date.now();
  for (let from = 0; from < HISTORY; from += 50_000) {
    const to = Math.min(HISTORY, from + 50_000) - 1;
    await db.execute(sql`
      insert into webhook_messages (id, endpoint_id, event_type, channel, payload, status,
        attempt_count, next_attempt_at, created_at)
      select 'msg_history_' || i, e.ids[1 + i % cardinality(e.ids)], 'comment.add', 'main', '{}',
        case when i % 5 = 0 then 'pending' else 'failed' end,
        case when i % 5 = 0 then 3 else 8 end,
        to_timestamp(${now / 1000}) + make_interval(secs => case when i % 5 = 0
          then 60 + (i * 7919::bigint) % 3600 else -((i * 104729::bigint) % 86400) end),
        to_timestamp(${now / 1000}) - make_interval(secs => (i * 104729::bigint) % 86400)
      from generate_series(${from}::int, ${to}::int) as i,
        (select array_agg(id order by id) as ids from webhook_endpoints) as e`);
  }
  await db.execute(sql`analyze webhook_messages`);
}

/** The one call: 200 annotations of 100 comments in org-b, 20,200 events. */
const theCall = {
  organizationId: 'org-b',
  documentId: 'doc-1',
  commentAnnotations: Array.from({ length: 200 }, (_, i) => ({
    commentData: Array.from({ length: 100 }, (__, j) => ({
      commentText: `comment ${i}-${j}`,
      from: { userId: 'u-1' },
    })),
  })),
};

async function callOnce(client: Pick<Client, 'send'>): Promise<number> {
  const started = performance.now();
  const res = await client.send(addCommentAnnotations, theCall);
  if (res.status !== 200) throw new Error(`Add Comment Annotations: ${JSON.stringify(res.body)}`);
  return performance.now() - started;
}

interface Sample {
  /** When it was asked, ms since the start of the sequence. */
  at: number;
  ms: number;
}

/** /healthz asked every 50 ms until `until` says stop. */
async function healthUntil(url: string, origin: number, until: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (!until()) {
    const started = performance.now();
    let ms = 60_000;
    try {
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(60_000) });
      ms = performance.now() - started;
    } catch {
      // Counted as the timeout.
    }
    samples.push({ at: started - origin, ms });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return samples;
}

/** p50, p99 and max of the samples' latencies, as table cells. */
function healthCells(samples: readonly Sample[]): string[] {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return [quantile(sorted, 0.5), quantile(sorted, 0.99), sorted.at(-1) ?? 0].map(ms);
}

/** CPU seconds a process has used so far (Linux). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function servicePhase(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-backlog-'));
  const logFile = join(dataDir, 'service.log');
  const port = await freePort();
  const spawn = () =>
    spawnService(
      { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn', ...env },
      port,
      logFile,
    );
  let svc = await spawn();
  try {
    const closed = `http://127.0.0.1:${await freePort()}/hook`;
    const { key, subscribed } = await leftovers((c) => remote(svc.url, c), closed);
    await svc.stop();
    const database = await openDatabase(
      databaseUrl
        ? { kind: 'postgres', url: databaseUrl }
        : { kind: 'pglite', dataDir: join(dataDir, 'pgdata') },
    );
    await loadHistory(database.db);
    await database.close();
    svc = await spawn();
    const poster = remote(svc.url, [key]);
    const cpuBefore = cpuSeconds(svc.child.pid);
    const started = performance.now();
    let callMs = 0;
    const called = callOnce(poster).then((t) => (callMs = t));
    const samples = await healthUntil(
      svc.url,
      started,
      () => performance.now() - started > SECONDS * 1000,
    );
    await called;
    const cpu = cpuSeconds(svc.child.pid) - cpuBefore;
    let deleting = true;
    const deleteTimes: number[] = [];
    const whileDeleting = healthUntil(svc.url, started, () => !deleting);
    for (const endpointId of subscribed.slice(0, 10)) {
      const t0 = performance.now();
      const res = await poster.send(deleteAdvancedWebhookEndpoint, { endpointId });
      if (res.status !== 200) throw new Error(`delete: ${JSON.stringify(res.body)}`);
      deleteTimes.push(performance.now() - t0);
    }
    deleting = false;
    const deletes = await whileDeleting;
    const total = deleteTimes.reduce((a, b) => a + b, 0);
    const warnings = readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length;
    console.log(
      `\n${label}; ${HISTORY.toLocaleString('en')} messages of earlier calls, then one call of 20,000 comments to 11 of 61 endpoints on a closed port; /healthz every 50 ms; the service used ${cpu.toFixed(0)} s of CPU in the first ${SECONDS} s and logged ${warnings} warnings (KEEP_LOG=1 keeps its log)\n`,
    );
    printTable(
      ['sequence', 'took ms', '/healthz p50 ms', 'p99 ms', 'max ms'],
      [
        ['the call', ms(callMs), ...healthCells(samples.filter((x) => x.at < callMs))],
        [
          `its backlog, to ${SECONDS} s`,
          '–',
          ...healthCells(samples.filter((x) => x.at >= callMs)),
        ],
        [
          'deleting 10 of the endpoints, one by one',
          `${ms(total)} (slowest ${ms(Math.max(...deleteTimes))})`,
          ...healthCells(deletes),
        ],
      ],
    );
  } finally {
    await svc.stop('SIGKILL');
    if (!process.env.KEEP_LOG) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function passesPhase(): Promise<void> {
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' },
  );
  const measured = measuredDatabase(database);
  const svc = await startTestService({
    database: measured.database,
    webhookWorker: { background: false, timeoutMs: 2000 },
    env,
  });
  try {
    const closed = `http://127.0.0.1:${await freePort()}/hook`;
    const { key } = await leftovers((c) => svc.client(c), closed);
    await loadHistory(database.db);
    await callOnce(svc.client([key]));
    const fanned = await svc.app.webhookWorker.fanOutAll();
    const rows: string[][] = [];
    for (let run = 1; run <= 3; run++) {
      measured.statements.length = 0;
      measured.recording.on = true;
      const attempted = await svc.app.webhookWorker.runOnce();
      measured.recording.on = false;
      const read = measured.statements.map((s) => s.rows.get('webhook_messages') ?? 0);
      const claims = measured.statements.filter((s) => s.text.startsWith('with slot as')).length;
      rows.push([
        String(run),
        String(attempted),
        String(claims),
        String(measured.statements.length),
        String(Math.max(...read)),
        String(read.reduce((a, b) => a + b, 0)),
      ]);
    }
    console.log(
      `\n${label}; the same history and call in this process (${fanned.toLocaleString('en')} messages queued by the call), then worker runs (each: claims until the endpoints are full) with every statement measured\n`,
    );
    printTable(
      [
        'run',
        'messages attempted',
        'claims',
        'statements',
        'most queue rows one statement read',
        'queue rows read in all',
      ],
      rows,
    );
  } finally {
    await svc.close();
    await database.close();
  }
}

if (values.phase !== 'passes') await servicePhase();
if (values.phase !== 'service') await passesPhase();
