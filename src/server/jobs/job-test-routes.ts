import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db';
import type { JobRunner, RunnerOptions } from './job-runner';
import { readJobProgress } from './job-store';
import {
  ensureTestEffectsTable,
  readTestEffects,
  registerTestJobKind,
  testJobKind,
} from './job-test-kind';

/**
 * `SVC_TEST_JOBS=on` (process tests only) registers the test job kind and its two routes;
 * `SVC_TEST_JOBS_LEASE_MS` shortens the lease so that a test can see a dead runner's tasks
 * taken over. Undefined when the variable is unset: then none of it exists.
 */
export function testJobsFromEnv(
  env: Record<string, string | undefined>,
): Partial<RunnerOptions> | undefined {
  if (env.SVC_TEST_JOBS !== 'on') return undefined;
  const leaseMs = Number(env.SVC_TEST_JOBS_LEASE_MS);
  return Number.isInteger(leaseMs) && leaseMs > 0 ? { leaseMs } : {};
}

const enqueueBody = z.object({
  apiKeyId: z.string().min(1),
  tasks: z.number().int().min(0).max(10_000),
  delayMs: z.number().int().min(0).max(60_000),
});

/** Routes through which a process test enqueues a test job and reads its progress and effects. */
export function installTestJobs(app: FastifyInstance, runner: JobRunner, db: Db): void {
  registerTestJobKind(runner);
  app.post('/dev/test-jobs', async (req, reply) => {
    const body = enqueueBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: body.error.message });
    await ensureTestEffectsTable(db);
    const { apiKeyId, tasks, delayMs } = body.data;
    return db.transaction((tx) =>
      runner.enqueue(tx, testJobKind, {
        apiKeyId,
        input: { delayMs },
        tasks: Array.from({ length: tasks }, (_, n) => ({ n })),
      }),
    );
  });
  app.get<{ Params: { apiKeyId: string; jobId: string } }>(
    '/dev/test-jobs/:apiKeyId/:jobId',
    async (req, reply) => {
      // One snapshot: a task counted running beside the effects read with it is still held.
      const { progress, effects } = await db.transaction(
        async (tx) => ({
          progress: await readJobProgress(tx, req.params.apiKeyId, req.params.jobId),
          effects: await readTestEffects(tx, req.params.jobId),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      if (!progress) return reply.code(404).send({ error: 'no such job' });
      return { progress, effects };
    },
  );
}
