import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededDataDir, spawnTestService } from '../testing/process-fixtures';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/service-process';
import { apiKeyCredentialsOn, remote } from '../testing/webhook-fixtures';
import { effectCounts, enqueueTestJob, readTestJob, waitForTestJob } from '../testing/job-fixtures';

const dataDir = await seededDataDir('svc-job-crash-');

describe.skipIf(process.env.DATABASE_URL)('a durable job across kill -9', () => {
  it('finishes after the service is killed mid-run, each task’s effect exactly once', async () => {
    const env = { DATA_DIR: dataDir, SVC_TEST_JOBS: 'on' };
    const port = await freePort();
    const tasks = 16;
    const first = await spawnTestService(env, port);
    let apiKeyId = '';
    let jobId = '';
    let beforeKill: string[] = [];
    try {
      apiKeyId = (await apiKeyCredentialsOn(remote(first.url), 'job-crash@example.com')).id;
      // Each task waits 200 ms inside its transaction: the kill lands inside one of them.
      jobId = await enqueueTestJob(first.url, apiKeyId, tasks, 200);
      // Killed while a task is held (claimed, its effect not yet written), whenever the runner
      // claims its next tasks: the restart must free it.
      const seen = await waitForTestJob(
        first.url,
        apiKeyId,
        jobId,
        (s) => s.effects.length >= 4 && s.progress.tasksRunning > 0,
      );
      expect(seen.progress.status).toBe('in_progress');
      await first.stop('SIGKILL');
      beforeKill = seen.effects.map((e) => e.runner);
    } finally {
      await first.stop('SIGKILL');
    }

    const secondLog = join(dataDir, 'second.log');
    const second = await spawnTestService(env, port, secondLog);
    try {
      const mid = await readTestJob(second.url, apiKeyId, jobId);
      expect(mid.effects.length, 'the kill left work undone').toBeLessThan(tasks);
      const done = await waitForTestJob(
        second.url,
        apiKeyId,
        jobId,
        (s) => s.progress.status !== 'in_progress',
      );
      expect(done.progress).toMatchObject({
        status: 'completed',
        failureReason: null,
        tasksCount: tasks,
        tasksDone: tasks,
        tasksFailed: 0,
        tasksRunning: 0,
        tasksLeft: 0,
      });
      expect(effectCounts(done.effects, tasks)).toEqual(Array.from({ length: tasks }, () => 1));
      const runners = [...new Set(done.effects.map((e) => e.runner))];
      expect(runners, 'both lives of the service did some of the work').toHaveLength(2);
      expect(runners).toContain(beforeKill[0]);
      // The task under way at the kill was still held; the restart freed it.
      expect(readFileSync(secondLog, 'utf8')).toMatch(
        /"freed":[1-9].*job tasks of a stopped process are due again/,
      );
    } finally {
      await second.stop();
    }
  }, 90_000);
});
