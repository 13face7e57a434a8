import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { spawnTestService } from '../testing/process-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServiceProcess } from '../testing/service-process';
import { apiKeyCredentialsOn, remote } from '../testing/webhook-fixtures';
import { effectCounts, enqueueTestJob, waitForTestJob } from '../testing/job-fixtures';

const serverUrl = process.env.DATABASE_URL;

async function query<T>(url: string, statement: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const once = (n: number) => Array.from({ length: n }, () => 1);

describe.runIf(serverUrl)('one job, two service processes on one PostgreSQL', () => {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl ?? 'postgres://x');
  url.pathname = `/${name}`;
  const services: ServiceProcess[] = [];
  let apiKeyId = '';
  beforeAll(async () => {
    await query(serverUrl ?? '', `CREATE DATABASE ${name}`);
    const env = {
      DATABASE_URL: url.toString(),
      SVC_MASTER_KEY: randomBytes(32).toString('base64'),
      SVC_TEST_JOBS: 'on',
      // Short, so that the takeover test need not wait a minute for a dead process's leases.
      SVC_TEST_JOBS_LEASE_MS: '1500',
    };
    // One at a time: both would run the migrations.
    services.push(await spawnTestService(env, await freePort()));
    services.push(await spawnTestService(env, await freePort()));
    const key = await apiKeyCredentialsOn(remote(services[0]?.url ?? ''), 'jobs-2p@example.com');
    apiKeyId = key.id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await query(serverUrl ?? '', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('runs each task once while both processes claim the job’s tasks', async () => {
    const [a, b] = services;
    if (!a || !b) throw new Error('two services expected');
    const tasks = 40;
    const jobId = await enqueueTestJob(a.url, apiKeyId, tasks, 100);
    const done = await waitForTestJob(b.url, apiKeyId, jobId, (s) =>
      ['completed', 'failed'].includes(s.progress.status),
    );
    expect(done.progress).toMatchObject({ status: 'completed', tasksDone: tasks, tasksLeft: 0 });
    expect(effectCounts(done.effects, tasks)).toEqual(once(tasks));
    const pids = new Set(done.effects.map((e) => e.pid));
    expect(pids, 'both processes ran some tasks').toEqual(new Set([a.child.pid, b.child.pid]));
  }, 60_000);

  it('lets the survivor finish, once each, the tasks a killed process held', async () => {
    const [a, b] = services;
    if (!a || !b) throw new Error('two services expected');
    const tasks = 40;
    const jobId = await enqueueTestJob(a.url, apiKeyId, tasks, 150);
    await waitForTestJob(b.url, apiKeyId, jobId, (s) =>
      s.effects.some((e) => e.pid === a.child.pid),
    );
    await a.stop('SIGKILL');
    const done = await waitForTestJob(b.url, apiKeyId, jobId, (s) =>
      ['completed', 'failed'].includes(s.progress.status),
    );
    expect(done.progress).toMatchObject({ status: 'completed', tasksDone: tasks, tasksLeft: 0 });
    expect(effectCounts(done.effects, tasks)).toEqual(once(tasks));
    // The tasks the killed process held ran again, in the survivor, once their lease ended.
    const taken = await query<{ n: number }>(
      url.toString(),
      `select count(*)::int as n from job_tasks where job_id = $1 and attempts > 1`,
      [jobId],
    );
    expect(taken[0]?.n).toBeGreaterThan(0);
  }, 60_000);
});
