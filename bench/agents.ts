// Scale of List Agent Executions: p50 / p99 of the first page, page 1,000 and filtered pages
// with 10,000 and with 1,000,000 executions under the API key. `npx tsx bench/agents.ts`; on
// PostgreSQL with DATABASE_URL set (an empty database: the benchmark fills it), else on the
// embedded database. `SCALES=10k` measures the small key only (a quick run).
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/db';
import { openDatabase } from '#server/db/connection';
import { latency } from './data/measure';
import { apiKeyOf, benchService, post } from './kit/service';
import { type ScaleResults, printScaleTable, recordAt } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const ALL_SCALES = [
  { name: '10k', executions: 10_000 },
  { name: '1M', executions: 1_000_000 },
];
const SCALES = ALL_SCALES.filter((s) =>
  (process.env.SCALES ?? '10k,1M').split(',').includes(s.name),
);
/** Rows one INSERT … SELECT generates: bounded, so the embedded database's memory stays low. */
const SLICE = 100_000;
const START = 1_700_000_000_000;
const LIST = '/v2/agents/execution/list';

const log = (line: string) => console.log(line);
const bench = await benchService('agents');
const result = async (url: string, path: string, data: unknown, headers: Record<string, string>) =>
  (await post(url, path, data, headers)).body.result;

/**
 * Executions straight into the table, a slice per statement: 40 agents, 100 organizations of 10
 * documents (a fifth of the executions in none), statuses as a review agent's history has them
 * (running ones rare), one every 10 ms.
 */
async function loadExecutions(db: Db, apiKeyId: string, count: number) {
  for (let from = 0; from < count; from += SLICE) {
    const to = Math.min(count, from + SLICE) - 1;
    await db.execute(sql`
      insert into agent_executions (api_key_id, execution_id, organization_id, document_id,
        agent_id, agent_name, agent_version, status, message, started_at, completed_at,
        duration_ms, trigger, llm_model, token_usage)
      select ${apiKeyId}, 'x-' || lpad(i::text, 7, '0'),
        case when i % 5 <> 0 then 'org-' || (i % 100) end,
        case when i % 5 <> 0 then 'doc-' || (i % 1000) end,
        'agent-' || (i % 40), 'Agent ' || (i % 40), 1 + i % 3,
        case when i % 97 = 0 then 'running' when i % 7 = 0 then 'failed'
          when i % 11 = 0 then 'error' when i % 13 = 0 then 'skipped' else 'passed' end,
        'Reviewed the document.', ${START}::bigint + i * 10,
        case when i % 97 <> 0 then ${START}::bigint + i * 10 + 4000 end,
        case when i % 97 <> 0 then 4000 end, 'standalone', 'demo-llm-large',
        jsonb_build_object('input', 1000 + i % 5000, 'output', 100 + i % 700)
      from generate_series(${from}::int, ${to}::int) as i`);
    if ((to + 1) % 500_000 === 0) log(`  ${(to + 1).toLocaleString('en')} executions`);
  }
  await db.execute(sql`analyze agent_executions`);
}

/** The cursor of page `depth`, `pageSize` a page. */
async function deepCursor(
  url: string,
  headers: Record<string, string>,
  pageSize: number,
  depth: number,
) {
  let cursor: string | undefined;
  for (let page = 1; page < depth; page++) {
    const page = await result(url, LIST, { pageSize, ...(cursor ? { cursor } : {}) }, headers);
    cursor = String(page.nextCursor);
  }
  return cursor;
}

type Key = Awaited<ReturnType<typeof apiKeyOf>>;
const queries: { name: string; data: (url: string, key: Key) => unknown }[] = [
  { name: 'first page (50)', data: () => ({ pageSize: 50 }) },
  {
    name: 'first page (500), oldest first',
    data: () => ({ pageSize: 500, orderDirection: 'asc' }),
  },
  {
    name: 'page 1,000 (10 a page)',
    data: async (url, key) => ({
      pageSize: 10,
      cursor: await deepCursor(url, key.headers, 10, 1000),
    }),
  },
  // Filtered pages of 10: at 10k the filters match a few dozen executions, and both scales
  // should answer a full page.
  {
    name: 'an agent’s failed runs (10)',
    data: () => ({ agentId: 'agent-7', status: 'failed', pageSize: 10 }),
  },
  {
    name: 'an organization’s failed runs (10)',
    data: () => ({ organizationId: 'org-3', status: 'failed', pageSize: 10 }),
  },
  {
    name: 'a document of an organization (10)',
    data: () => ({ organizationId: 'org-3', documentId: 'doc-503', pageSize: 10 }),
  },
];

const results: ScaleResults = new Map();
let svc = await bench.spawn();
try {
  const keys = new Map<string, Key>();
  for (const scale of SCALES)
    keys.set(scale.name, await apiKeyOf(svc.url, `bench-agents-${scale.name}@example.com`));
  await svc.stop();
  const database = await openDatabase(bench.target);
  for (const scale of SCALES) {
    log(`loading ${scale.name} …`);
    const started = performance.now();
    await loadExecutions(database.db, keys.get(scale.name)?.apiKey ?? '', scale.executions);
    log(`  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await database.close();
  svc = await bench.spawn();
  for (const scale of SCALES) {
    const key = keys.get(scale.name);
    if (!key) continue;
    for (const q of queries) {
      const measured = await latency(
        svc.url + LIST,
        key.headers,
        await q.data(svc.url, key),
        ROUNDS,
      );
      recordAt(results, q.name, scale.name, measured);
    }
  }
} finally {
  await svc.stop();
  bench.cleanup();
}

console.log(
  `\nList Agent Executions on ${bench.label}; ${ROUNDS} requests each, one at a time, after 50 warm-up\n`,
);
printScaleTable(results);
