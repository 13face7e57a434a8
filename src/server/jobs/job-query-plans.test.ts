import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../testing/fixtures';
import { rows } from '../testing/rows';
import { type TestService, startTestService } from '../testing/test-service';
import { claimStatement, progressStatement } from './job-store';
import { jobQueueStatement } from '../metrics/queue-figures';

const JOBS = 10_000;
const PER_JOB = 5;
const TASKS = JOBS * PER_JOB;
const CLAIM_LIMIT = 4;
const now = new Date('2026-03-01T12:00:00Z');
let svc: TestService;
let apiKeyId: string;

beforeAll(async () => {
  svc = await startTestService({
    jobRunner: { background: false },
    webhookWorker: { background: false },
  });
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  const db = svc.database.db;
  // A realistic table: many jobs of a few tasks, most done long ago, a backlog pending, a few
  // running. Written in bulk; the runner's own insert is one job at a time.
  await db.execute(sql`
    insert into jobs (id, kind, api_key_id, input, status, tasks_count, created_at)
    select 'job_plan' || j, 'plan', ${apiKeyId}, '{}'::jsonb,
      case when j < ${JOBS - 200} then 'completed' else 'in_progress' end, ${PER_JOB},
      ${now.toISOString()}::timestamptz - make_interval(secs => ${JOBS} - j)
    from generate_series(0, ${JOBS - 1}) as j`);
  await db.execute(sql`
    insert into job_tasks (job_id, seq, input, status, next_attempt_at, claimed_by, lease_until)
    select 'job_plan' || j, n, '{}'::jsonb,
      case when j < ${JOBS - 200} then 'completed' when j < ${JOBS - 5} then 'pending'
        else 'in_progress' end,
      ${now.toISOString()}::timestamptz - make_interval(secs => ${JOBS} - j),
      case when j >= ${JOBS - 5} then 'run_x' end,
      case when j >= ${JOBS - 5} then ${now.toISOString()}::timestamptz end
    from generate_series(0, ${JOBS - 1}) as j, generate_series(0, ${PER_JOB - 1}) as n`);
  await db.execute(sql`analyze jobs`);
  await db.execute(sql`analyze job_tasks`);
}, 120_000);
afterAll(() => svc.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** The plan of a statement as the planner would choose it on this table, every node flat. */
async function plan(statement: SQL): Promise<PlanNode[]> {
  const [row] = await rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    svc.database.db,
    sql`explain (format json) ${statement}`,
  );
  const raw = row?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    n.Plans?.forEach(walk);
  };
  walk(parsed[0].Plan);
  return nodes;
}

function expectIndexed(nodes: PlanNode[], indexes: string[], maxSortRows: number) {
  const text = JSON.stringify(
    nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]),
  );
  expect(
    nodes.filter((n) => n['Node Type'] === 'Seq Scan'),
    text,
  ).toEqual([]);
  for (const index of indexes) expect(text).toContain(index);
  for (const sort of nodes.filter((n) => n['Node Type'] === 'Sort')) {
    expect(sort['Plan Rows'], `a sort over few rows only: ${text}`).toBeLessThanOrEqual(
      maxSortRows,
    );
  }
}

it(`claims through the partial due and lease indexes on ${TASKS} tasks`, async () => {
  const [count] = await rows<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from job_tasks`,
  );
  expect(count?.n).toBe(TASKS);
  const nodes = await plan(
    claimStatement({
      runnerId: 'run_y',
      now: new Date(now.getTime() + 1000),
      leaseEnd: new Date(now.getTime() + 61_000),
      limit: CLAIM_LIMIT,
    }),
  );
  expectIndexed(nodes, ['job_tasks_due_idx', 'job_tasks_lease_idx'], 2 * CLAIM_LIMIT);
});

it('reads a job’s progress by primary key, counting its running tasks through an index', async () => {
  const nodes = await plan(progressStatement(apiKeyId, `job_plan${JOBS - 1}`));
  expectIndexed(nodes, ['jobs_pkey'], 0);
  expect(nodes.some((n) => n['Relation Name'] === 'job_tasks' && n['Index Name'])).toBe(true);
});

it('fails a job’s waiting tasks and frees stale claims through indexes', async () => {
  const sweep = await plan(sql`
    update job_tasks set status = 'failed' where job_id = 'job_plan9990' and status = 'pending'`);
  expectIndexed(sweep, ['job_tasks_job_status_idx'], 0);
  const stale = await plan(sql`
    update job_tasks set status = 'pending', claimed_by = null where status = 'in_progress'`);
  expectIndexed(stale, ['job_tasks_lease_idx'], 0);
});

it('reads the queue figures of /metrics along the partial indexes of unfinished tasks', async () => {
  // What is sorted is the backlog (1,000 unfinished tasks as the planner estimates them, a few
  // over or under), never the 49,000 finished ones.
  expectIndexed(
    await plan(jobQueueStatement(now)),
    ['job_tasks_due_idx', 'job_tasks_lease_idx'],
    2_000,
  );
});
