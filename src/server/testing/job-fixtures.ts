import { setTimeout as sleep } from 'node:timers/promises';
import type { JobProgress } from '../jobs/job-types';
import type { TestEffect } from '../jobs/job-test-kind';

/** A test job's progress and effects as the test routes answer them (dates as strings). */
export interface TestJobState {
  progress: Omit<JobProgress, 'lastTaskFinishedAt' | 'createdAt' | 'startedAt' | 'finishedAt'>;
  effects: TestEffect[];
}

/** Enqueues a test job of `tasks` tasks, each waiting `delayMs`, on a service in test-jobs mode. */
export async function enqueueTestJob(
  url: string,
  apiKeyId: string,
  tasks: number,
  delayMs: number,
): Promise<string> {
  const res = await fetch(`${url}/dev/test-jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKeyId, tasks, delayMs }),
  });
  if (!res.ok) throw new Error(`enqueue answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { jobId: string }).jobId;
}

export async function readTestJob(
  url: string,
  apiKeyId: string,
  jobId: string,
): Promise<TestJobState> {
  const res = await fetch(`${url}/dev/test-jobs/${apiKeyId}/${jobId}`);
  if (!res.ok) throw new Error(`read answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TestJobState;
}

/** Polls until `done` holds for the job's state, or fails after `timeoutMs`. */
export async function waitForTestJob(
  url: string,
  apiKeyId: string,
  jobId: string,
  done: (state: TestJobState) => boolean,
  timeoutMs = 30_000,
): Promise<TestJobState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await readTestJob(url, apiKeyId, jobId);
    if (done(state)) return state;
    if (Date.now() > deadline) throw new Error(`job not there in time: ${JSON.stringify(state)}`);
    await sleep(50);
  }
}

/** How many times each task of a job of `tasks` tasks left its effect. */
export function effectCounts(effects: readonly TestEffect[], tasks: number): number[] {
  const counts = Array.from({ length: tasks }, () => 0);
  for (const e of effects) counts[e.seq] = (counts[e.seq] ?? 0) + 1;
  return counts;
}
