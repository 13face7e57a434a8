import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueStatement, outboxStatement } from '../../metrics/queue-figures';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan, rowsRead } from '../../testing/query-plan';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { deliveriesStatement } from './deliveries-store';
import { failingEndpointsStatement } from './failing-endpoints';

/*
 * The Status page's statements on tables shaped as a service's are after a while: finished work is
 * most of every table, and another workspace owes far more than this one. Each statement must read
 * along indexes, and read about what this workspace's answer needs, not the others' backlog.
 */
const NOW = new Date('2026-03-01T12:00:00Z');
const HOUR_AGO = new Date(NOW.getTime() - 3_600_000);
const WINDOW_START = new Date(NOW.getTime() - 15 * 60_000);
/** This workspace's endpoints, and the other's. */
const OWN_ENDPOINTS = 5;
/** The other workspace's keys with endpoints, each with as many; and its keys without any. */
const OTHER_KEYS = 100;
const OTHER_QUIET_KEYS = 3_000;
const OTHER_ENDPOINTS_PER_KEY = 20;
/** Delivered long ago, per endpoint; pending (the other's backlog is 50 times this one's). */
const OWN_DELIVERED_PER_ENDPOINT = 2_000;
const OTHER_DELIVERED_PER_ENDPOINT = 20;
const OWN_PENDING_PER_ENDPOINT = 40;
/** One of this workspace's endpoints holds a backlog never attempted, as a circuit breaker does. */
const HELD_BACKLOG = 5_000;
const OTHER_PENDING_PER_ENDPOINT = 5;
/** Jobs: finished ones of both, unfinished ones of each, five tasks apiece. */
const FINISHED_JOBS = 8_000;
const OWN_UNFINISHED_JOBS = 4;
const OTHER_UNFINISHED_JOBS = 400;
const TASKS_PER_JOB = 5;

let svc: TestService;
let own: string;
let other: string;

/** Endpoints on each of the workspace's keys, with their delivered history and their backlog. */
async function seedEndpoints(
  workspaceId: string,
  perKey: number,
  delivered: number,
  pending: number,
) {
  const db = svc.database.db;
  const at = NOW.toISOString();
  await db.execute(sql`
    insert into webhook_endpoints (id, api_key_id, url, secret_enc, disabled, created_at, updated_at)
    select 'ep_' || k.id || '_' || e, k.id, 'https://hooks.example.com/' || e, 'sealed', e = 0,
      ${at}::timestamptz, ${at}::timestamptz
    from api_keys k, generate_series(0, ${perKey - 1}) as e
    where k.workspace_id = ${workspaceId}`);
  const endpoints = sql`select e.id from webhook_endpoints e
    join api_keys k on k.id = e.api_key_id where k.workspace_id = ${workspaceId}`;
  // Delivered long ago; then the backlog, every other message of it failed once and waiting.
  await db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, status, attempt_count,
      next_attempt_at, created_at, delivered_at)
    select e.id || '_d' || i, e.id, 'comment.add', '{}', 'delivered', 1,
      ${at}::timestamptz - make_interval(days => 2), ${at}::timestamptz - make_interval(days => 2),
      ${at}::timestamptz - make_interval(days => 2)
    from (${endpoints}) e, generate_series(1, ${delivered}) as i`);
  await db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, status, attempt_count,
      next_attempt_at, created_at)
    select e.id || '_p' || i, e.id, 'comment.add', '{}', 'pending', i % 2,
      ${at}::timestamptz + make_interval(secs => i - 20), ${HOUR_AGO.toISOString()}::timestamptz
    from (${endpoints}) e, generate_series(1, ${pending}) as i`);
}

/** Each message's attempt: the delivered ones' long ago, the failed ones' in the last minutes. */
async function seedAttempts() {
  await svc.database.db.execute(sql`
    insert into webhook_attempts (message_id, attempted_at, response_status, duration_ms)
    select id, case when status = 'delivered' then created_at
        else ${NOW.toISOString()}::timestamptz - make_interval(secs => (hashtext(id) & 511)) end,
      case when status = 'delivered' then 200 else 500 end, 5
    from webhook_messages where attempt_count = 1`);
}

async function seedJobs(apiKeyId: string, prefix: string, unfinished: number, finished: number) {
  const db = svc.database.db;
  const at = NOW.toISOString();
  await db.execute(sql`
    insert into jobs (id, kind, api_key_id, input, status, tasks_count, created_at)
    select ${prefix} || j, 'plan.' || (j % 3), ${apiKeyId}, '{}'::jsonb,
      case when j < ${finished} then 'completed' else 'in_progress' end, ${TASKS_PER_JOB},
      ${at}::timestamptz - make_interval(secs => ${finished + unfinished} - j)
    from generate_series(0, ${finished + unfinished - 1}) as j`);
  await db.execute(sql`
    insert into job_tasks (job_id, seq, input, status, next_attempt_at)
    select ${prefix} || j, n, '{}'::jsonb,
      case when j < ${finished} then 'completed' when n = 0 then 'in_progress' else 'pending' end,
      ${at}::timestamptz - make_interval(secs => ${finished + unfinished} - j)
    from generate_series(0, ${finished + unfinished - 1}) as j,
      generate_series(0, ${TASKS_PER_JOB - 1}) as n`);
}

beforeAll(async () => {
  svc = await startTestService({
    jobRunner: { background: false },
    webhookWorker: { background: false },
  });
  const a = await createWorkspaceFixture(svc);
  const b = await createWorkspaceFixture(svc);
  own = a.workspace.id;
  other = b.workspace.id;
  // The other workspace's keys, straight into the table (their tokens are never used).
  await svc.database.db.execute(sql`
    insert into api_keys (id, workspace_id, name, type, auth_token_enc, auth_token_hash)
    select 'key_other' || k, ${other}, 'Key ' || k, 'testing', 'sealed', 'hash' || k
    from generate_series(1, ${OTHER_KEYS - 1}) as k`);
  await seedEndpoints(own, OWN_ENDPOINTS, OWN_DELIVERED_PER_ENDPOINT, OWN_PENDING_PER_ENDPOINT);
  await svc.database.db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, status, next_attempt_at,
      created_at)
    select 'msg_held' || i, ${`ep_${a.apiKey}_1`}, 'comment.add', '{}', 'pending',
      ${NOW.toISOString()}::timestamptz + make_interval(mins => 5), ${NOW.toISOString()}::timestamptz
    from generate_series(1, ${HELD_BACKLOG}) as i`);
  await seedEndpoints(
    other,
    OTHER_ENDPOINTS_PER_KEY,
    OTHER_DELIVERED_PER_ENDPOINT,
    OTHER_PENDING_PER_ENDPOINT,
  );
  await svc.database.db.execute(sql`
    insert into api_keys (id, workspace_id, name, type, auth_token_enc, auth_token_hash)
    select 'key_quiet' || k, ${other}, 'Key ' || k, 'testing', 'sealed', 'hash_quiet' || k
    from generate_series(1, ${OTHER_QUIET_KEYS}) as k`);
  await seedAttempts();
  await seedJobs(a.apiKey, 'job_own', OWN_UNFINISHED_JOBS, FINISHED_JOBS / 2);
  await seedJobs(b.apiKey, 'job_other', OTHER_UNFINISHED_JOBS, FINISHED_JOBS / 2);
  for (const table of [
    'api_keys',
    'webhook_endpoints',
    'webhook_messages',
    'webhook_attempts',
    'jobs',
  ]) {
    await svc.database.db.execute(sql.raw(`analyze ${table}`));
  }
  await svc.database.db.execute(sql`analyze job_tasks`);
}, 180_000);
afterAll(() => svc.close());

/** Rows the statement reads from each table, as EXPLAIN ANALYZE counts them. */
async function reads(statement: SQL, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await rowsRead(svc.database.db, statement, table);
  return counts;
}

/** This workspace's messages in a state, as the seed left them. */
async function ownMessages(where: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from webhook_messages m
      join webhook_endpoints e on e.id = m.endpoint_id
      join api_keys k on k.id = e.api_key_id
      where k.workspace_id = ${own} and ${where}`,
  );
  return row?.n ?? 0;
}

describe('the Status page’s statements, for one workspace beside a larger one', () => {
  it('has the tables shaped as intended', async () => {
    const [row] = await rows<{ messages: number; attempts: number; tasks: number }>(
      svc.database.db,
      sql`select
        (select count(*)::int from webhook_messages) as messages,
        (select count(*)::int from webhook_attempts) as attempts,
        (select count(*)::int from job_tasks) as tasks`,
    );
    expect(row).toEqual({ messages: 65_200, attempts: 56_100, tasks: 42_020 });
  });

  it('reads the workspace’s job queue through its unfinished jobs only', async () => {
    const statement = jobQueueStatement(NOW, { workspaceId: own });
    const indexes = await expectIndexedPlan(svc.database.db, statement);
    expect(indexes).toContain('jobs_key_unfinished_idx');
    expect(indexes).toContain('job_tasks_job_status_idx');
    const read = await reads(statement, ['jobs', 'job_tasks']);
    expect(read.jobs).toBe(OWN_UNFINISHED_JOBS);
    expect(read.job_tasks).toBe(OWN_UNFINISHED_JOBS * TASKS_PER_JOB);
  });

  it('reads the workspace’s due messages through its endpoints’ own due times', async () => {
    const statement = outboxStatement(NOW, { workspaceId: own });
    const indexes = await expectIndexedPlan(svc.database.db, statement);
    expect(indexes).toContain('webhook_messages_endpoint_due_idx');
    const due = await ownMessages(sql`m.status = 'pending' and m.next_attempt_at <= ${NOW}`);
    expect(due).toBe(OWN_ENDPOINTS * 20);
    // Its due messages only: neither the held backlog nor the other workspace's.
    expect((await reads(statement, ['webhook_messages'])).webhook_messages).toBe(due);
  });

  it('counts the last minutes’ attempts along their time, not the attempt log', async () => {
    const statement = deliveriesStatement(own, WINDOW_START, NOW);
    const indexes = await expectIndexedPlan(svc.database.db, statement);
    expect(indexes).toContain('webhook_attempts_at_idx');
    const [inWindow] = await rows<{ n: number }>(
      svc.database.db,
      sql`select count(*)::int as n from webhook_attempts where attempted_at >= ${WINDOW_START}`,
    );
    const read = await reads(statement, ['webhook_attempts']);
    expect(read.webhook_attempts).toBeLessThanOrEqual(inWindow?.n ?? 0);
  });

  it('finds failing endpoints through the workspace’s endpoints and their backlogs', async () => {
    const statement = failingEndpointsStatement(own);
    const indexes = await expectIndexedPlan(svc.database.db, statement);
    // Either index that leads with the key serves (the planner takes the smaller).
    expect(
      indexes.some((name) => name.startsWith('webhook_endpoints_key_')),
      indexes.join(', '),
    ).toBe(true);
    expect(indexes).toContain('webhook_messages_endpoint_failing_idx');
    expect(indexes).toContain('webhook_attempts_message_idx');
    const failing = await ownMessages(sql`m.status = 'pending' and m.attempt_count > 0`);
    expect(failing).toBe(OWN_ENDPOINTS * 20);
    const read = await reads(statement, ['webhook_endpoints', 'webhook_messages']);
    expect(read.webhook_endpoints).toBe(OWN_ENDPOINTS);
    // Each endpoint's failed messages counted, and its oldest one read: not the held backlog.
    expect(read.webhook_messages).toBe(failing + OWN_ENDPOINTS);
  });
});
