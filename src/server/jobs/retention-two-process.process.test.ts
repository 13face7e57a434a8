import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTestService } from '../testing/process-fixtures';
import { freePort, type ServiceProcess } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import { RETENTION_JOB } from './retention-job';

const serverUrl = process.env.DATABASE_URL;
const OLD = 20_000;

// Two processes cannot open one embedded database: this is a PostgreSQL deployment's test.
describe.runIf(serverUrl)('the retention job, two processes, one kill -9', () => {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl ?? 'postgres://x');
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    SVC_MASTER_KEY: randomBytes(32).toString('base64'),
    // Many small batches, so that the kill lands mid-run; short leases, so that the survivors
    // need not wait a minute for the killed run's lease.
    RETENTION_EVERY_MINUTES: '60',
    RETENTION_BATCH_SIZE: '5',
    SVC_TEST_JOBS: 'on',
    SVC_TEST_JOBS_LEASE_MS: '1500',
  };
  const running: ServiceProcess[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const svc = await spawnTestService({ ...env, ...extra }, await freePort());
    running.push(svc);
    return svc;
  };
  async function count(statement: string, params: unknown[] = []): Promise<number> {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const result = await client.query<{ n: number }>(statement, params);
      return result.rows[0]?.n ?? -1;
    } finally {
      await client.end();
    }
  }
  async function onServer(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  }

  beforeAll(async () => {
    await onServer(`CREATE DATABASE ${name}`);
    // A first life with retention off makes the tables and an endpoint with old messages.
    const setup = await start({ RETENTION_EVERY_MINUTES: '0' });
    const key = await apiKeyCredentialsOn(remote(setup.url), `retention-${name}@example.com`);
    const wh = webhooksOf(remote(setup.url, [key]));
    await wh.enable();
    const ep = await wh.createEndpoint({ url: 'https://example.com/hook' });
    await count(
      `with m as (
        insert into webhook_messages (id, endpoint_id, event_type, payload, status,
          next_attempt_at, created_at)
        select 'msg_old' || i, $1, 'comment.added', '{}',
          case when i = 1 then 'pending' else 'delivered' end,
          now(), now() - interval '200 days'
        from generate_series(1, ${OLD}) as i
        returning 1
      ) select count(*)::int as n from m`,
      [ep.id],
    );
    await setup.stop();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('finishes a run killed midway after restart, once, with one next run scheduled', async () => {
    const left = () => count(`select count(*)::int as n from webhook_messages`);
    // Side by side (the tables exist already), so that both are up while the run is under way.
    const first = await Promise.all([start(), start()]);
    for (let waited = 0; ; waited += 10) {
      if (waited > 30_000) throw new Error('the run did not start');
      const n = await left();
      if (n === 1) throw new Error('the run ended before it could be interrupted');
      if (n < OLD) break;
      await sleep(10);
    }
    await Promise.all(first.map((s) => s.stop('SIGKILL')));
    const cut = await left();
    expect(cut, 'the kill left work undone').toBeGreaterThan(1);

    // Batches of the default size after restart: the rest goes in a few statements.
    await Promise.all([
      start({ RETENTION_BATCH_SIZE: '500' }),
      start({ RETENTION_BATCH_SIZE: '500' }),
    ]);
    for (let waited = 0; (await left()) > 1; waited += 100) {
      if (waited > 60_000) throw new Error('the run did not finish after restart');
      await sleep(100);
    }
    // The pending message is still owed to its receiver.
    expect(
      await count(`select count(*)::int as n from webhook_messages where id = 'msg_old1'`),
    ).toBe(1);
    const runs = (status: string) =>
      count(`select count(*)::int as n from jobs where kind = $1 and status = $2`, [
        RETENTION_JOB,
        status,
      ]);
    for (let waited = 0; (await runs('completed')) < 1; waited += 100) {
      if (waited > 10_000) throw new Error('the run was not marked completed');
      await sleep(100);
    }
    expect(await runs('completed'), 'one run, though four processes started').toBe(1);
    expect(await runs('pending'), 'and one next run').toBe(1);
    expect(await runs('in_progress')).toBe(0);
    // Its one task ran twice: cut by the kill, then finished by a survivor's runner.
    const attempts = await count(
      `select t.attempts as n from job_tasks t join jobs j on j.id = t.job_id
      where j.kind = $1 and j.status = 'completed'`,
      [RETENTION_JOB],
    );
    expect(attempts).toBe(2);
  }, 120_000);
});
