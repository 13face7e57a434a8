// What a member's session costs an authenticated read (issue 30: at most 10 % more than the
// token): Get API Key Config and Get Documents, each through the API key's token headers and
// through the owner's session cookie (with x-svc-workspace-id and x-svc-api-key), at 10
// connections. This machine's speed drifts by a quarter from one five-second stretch to the
// next (the same read, the same way, in one process: 2,437 to 3,073 requests/s), so the two
// ways are measured in many short rounds whose order alternates, each round comparing neighbours
// in time, and the summary is the median round. Beside requests/s, the CPU time per request
// (from /proc/<pid>/stat), which other load disturbs less: the service's, and on a PostgreSQL
// server of this machine the service's plus the server's processes'. `npx tsx
// bench/sessions.ts`; on PostgreSQL with DATABASE_URL set (an empty database), else on the
// embedded database. SECONDS (default 3) per measurement, ROUNDS (default 9); READ=documents
// (a part of a read's name) measures that read alone.
import { readFileSync, readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import { credentialHeaders, sessionCookieName } from '#contract/credentials';
import { openDatabase } from '#server/db/connection';
import { apiKeyOf, benchService, post } from './kit/service';
import { printTable } from './table';
import { cpuMsOf } from './kit/cpu';

const SECONDS = Number(process.env.SECONDS ?? 3);
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const CONNECTIONS = 10;
const OWNER = 'bench-sessions@example.com';

const bench = await benchService('sessions');
let svc = await bench.spawn();

interface Read {
  name: string;
  path: string;
  body: string;
}

const databaseUrl = process.env.DATABASE_URL;
/** Whether the PostgreSQL server runs on this machine, where its processes' CPU can be read. */
const localDatabase =
  databaseUrl !== undefined && ['127.0.0.1', 'localhost'].includes(new URL(databaseUrl).hostname);

/** The CPU time of this machine's PostgreSQL processes (the pool's backends stay up throughout). */
function databaseCpuMs(): number {
  if (!localDatabase) return 0;
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMsOf(pid);
    } catch {
      // The process ended while the list was read.
    }
  }
  return total;
}

/** The CPU time the service has used, in ms, and with the database server's when it is local. */
function cpuMs(): { service: number; total: number } {
  const service = cpuMsOf(svc.child.pid ?? 0);
  return { service, total: service + databaseCpuMs() };
}

interface Measured {
  rps: number;
  /** Service CPU time per request, in microseconds. */
  cpuUs: number;
  /** Service and local database server CPU time per request, in microseconds. */
  totalCpuUs: number;
}

async function measure(
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<Measured> {
  const options = {
    url: svc.url + path,
    method: 'POST' as const,
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', ...headers },
    body,
  };
  await autocannon({ ...options, duration: 1 }); // warm-up: JIT, statements, connections
  const before = cpuMs();
  const result = await autocannon({ ...options, duration: SECONDS });
  const after = cpuMs();
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const perRequest = (ms: number) => (ms * 1000) / result.requests.total;
  return {
    rps: result.requests.average,
    cpuUs: perRequest(after.service - before.service),
    totalCpuUs: perRequest(after.total - before.total),
  };
}

const median = (values: readonly number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

const rows: string[][] = [];
const summary: string[][] = [];
try {
  const { workspaceId, apiKey, headers: tokenHeaders } = await apiKeyOf(svc.url, OWNER);
  await post(
    svc.url,
    '/v2/organizations/documents/add',
    {
      organizationId: 'org-1',
      createOrganization: true,
      documents: Array.from({ length: 50 }, (_, i) => ({
        documentId: `doc-${i}`,
        documentName: `Document ${i}`,
      })),
    },
    tokenHeaders,
  );

  // The owner's member row, as Create Workspace writes it once the team module is merged (the
  // embedded database is written while the service is stopped).
  await svc.stop();
  const database = await openDatabase(bench.target);
  await database.db.execute(sql`
    insert into members (workspace_id, email, role, joined_at) values (${workspaceId}, ${OWNER}, 'owner', now())
    on conflict (workspace_id, email) do nothing`);
  await database.close();
  svc = await bench.spawn();

  // Signed in as a browser is: the login link from the local outbox, then Complete Login.
  await post(svc.url, '/v2/workspace/email/send-login-link', {
    email: OWNER,
    continueUrl: 'http://localhost/sign-in',
  });
  const outbox = (await (await fetch(`${svc.url}/dev/outbox`)).json()) as {
    messages: { link: string }[];
  };
  const oobCode = new URL(outbox.messages[0]?.link ?? '').searchParams.get('oobCode');
  const signedIn = await fetch(`${svc.url}/v2/workspace/email/complete-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { oobCode } }),
  });
  const cookie = signedIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  if (!cookie.startsWith(`${sessionCookieName}=sst_`)) throw new Error('no session cookie');
  const sessionHeaders = {
    cookie,
    [credentialHeaders.workspaceId]: workspaceId,
    [credentialHeaders.apiKey]: apiKey,
  };

  const reads: Read[] = [
    { name: 'Get API Key Config', path: '/v2/workspace/apikeyconfig/get', body: '{"data":{}}' },
    {
      name: 'Get Documents (50)',
      path: '/v2/organizations/documents/get',
      body: JSON.stringify({ data: { organizationId: 'org-1', pageSize: 50 } }),
    },
  ];
  const only = process.env.READ?.toLowerCase();
  for (const read of reads.filter((r) => !only || r.name.toLowerCase().includes(only))) {
    // Both ways warmed first, so that the first round's first measurement pays no JIT.
    await measure(read.path, read.body, tokenHeaders);
    await measure(read.path, read.body, sessionHeaders);
    const ratios: { rps: number; cpu: number; totalCpu: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Which goes first alternates, so that a drift in the machine's speed favours neither.
      const tokenFirst = round % 2 === 1;
      const first = await measure(read.path, read.body, tokenFirst ? tokenHeaders : sessionHeaders);
      const second = await measure(
        read.path,
        read.body,
        tokenFirst ? sessionHeaders : tokenHeaders,
      );
      const [token, session] = tokenFirst ? [first, second] : [second, first];
      const ratio = {
        rps: token.rps / session.rps,
        cpu: session.cpuUs / token.cpuUs,
        totalCpu: session.totalCpuUs / token.totalCpuUs,
      };
      ratios.push(ratio);
      rows.push([
        String(round),
        read.name,
        token.rps.toFixed(0),
        session.rps.toFixed(0),
        percent(ratio.rps),
        `${token.cpuUs.toFixed(0)} / ${session.cpuUs.toFixed(0)}`,
        percent(ratio.cpu),
        ...(localDatabase
          ? [
              `${token.totalCpuUs.toFixed(0)} / ${session.totalCpuUs.toFixed(0)}`,
              percent(ratio.totalCpu),
            ]
          : []),
      ]);
    }
    summary.push([
      read.name,
      percent(median(ratios.map((r) => r.rps))),
      percent(median(ratios.map((r) => r.cpu))),
      ...(localDatabase ? [percent(median(ratios.map((r) => r.totalCpu)))] : []),
    ]);
  }
} finally {
  await svc.stop();
  bench.cleanup();
}

console.log(
  `\n${bench.label}; ${CONNECTIONS} connections, ${SECONDS} s each after a 1 s warm-up; token and session in alternating order\n`,
);
const withDatabase = localDatabase
  ? [
      'service + database CPU µs/request, token / session',
      'service + database CPU, session vs token',
    ]
  : [];
printTable(
  [
    'round',
    'read',
    'token requests/s',
    'session requests/s',
    'time per request, session vs token',
    'service CPU µs/request, token / session',
    'service CPU, session vs token',
    ...withDatabase,
  ],
  rows,
);
console.log(`\nThe median of ${ROUNDS} rounds (the issue's bar: at most +10 %)\n`);
printTable(
  [
    'read',
    'time per request, session vs token',
    'service CPU, session vs token',
    ...(localDatabase ? ['service + database CPU, session vs token'] : []),
  ],
  summary,
);
