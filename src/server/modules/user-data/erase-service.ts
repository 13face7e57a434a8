import type { z } from 'zod';
import type {
  DataDeletionJob,
  ErasePreview,
  ErasedCounts,
  deleteAllUserDataRequest,
  getDataDeletionJobRequest,
} from '#contract/user-data';
import { inRolledBackTransaction } from '../../db/transaction';
import { invalidArgument } from '../../http/service-error';
import { unknownDeletionJob } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { eraseJobKind, eraseUser } from './erase-job';
import { type EraseTarget, eraseTargets } from './erase-targets';

/**
 * Tasks one request may start: every pair of a user and an organization is a row written in
 * the request's transaction (1,000 users times 1,000 organizations would be a million).
 */
export const MAX_ERASE_TASKS = 10_000;

/**
 * Tasks one preview may run: a preview does the whole erase in the request (and rolls it back),
 * so it is held to a tenth of what a job may take; naming the organizations narrows it.
 */
export const MAX_PREVIEW_TASKS = 1_000;

type DeleteInput = z.output<typeof deleteAllUserDataRequest>;
type StatusInput = z.output<typeof getDataDeletionJobRequest>;

function checkTaskCount(targets: readonly EraseTarget[], most: number, what: string): void {
  if (targets.length > most) {
    throw invalidArgument(
      `The request makes ${targets.length} tasks (one per user and organization); at most ${most} per ${what}.`,
    );
  }
}

/**
 * Starts the erasure of the users: the tasks are decided now (which organizations hold each
 * user), in the transaction that writes the job, so that `tasksCount` is the job's.
 */
export async function deleteAllUserData(
  s: Services,
  apiKeyId: string,
  input: DeleteInput,
): Promise<{ jobId: string; tasksCount: number }> {
  return s.db.transaction(async (tx) => {
    const targets = await eraseTargets(tx, apiKeyId, input.userIds, input.organizationIds);
    checkTaskCount(targets, MAX_ERASE_TASKS, 'request');
    return s.jobs.enqueue(tx, eraseJobKind, {
      apiKeyId,
      input: {
        userIds: input.userIds,
        ...(input.organizationIds ? { organizationIds: input.organizationIds } : {}),
      },
      tasks: targets,
    });
  });
}

/**
 * The erase preview: every task of the job the request would start, run as the job runs it and
 * rolled back, so that the counts are the job's own and nothing changes.
 */
export async function previewErase(
  s: Services,
  apiKeyId: string,
  input: DeleteInput,
): Promise<ErasePreview> {
  return inRolledBackTransaction(s.db, async (tx) => {
    const targets = await eraseTargets(tx, apiKeyId, input.userIds, input.organizationIds);
    checkTaskCount(targets, MAX_PREVIEW_TASKS, 'preview');
    const tasks: ErasePreview['tasks'] = [];
    for (const target of targets) {
      tasks.push({ ...target, removed: await eraseUser(tx, { apiKeyId, ...target }) });
    }
    return { tasksCount: targets.length, tasks, totals: sumOf(tasks.map((t) => t.removed)) };
  });
}

function sumOf(counts: readonly ErasedCounts[]): ErasedCounts {
  const total: ErasedCounts = {
    comments: 0,
    annotations: 0,
    reactions: 0,
    recordings: 0,
    activities: 0,
    judgments: 0,
    notifications: 0,
    notificationInboxes: 0,
    groupMemberships: 0,
    documentAccess: 0,
    folderAccess: 0,
    memberships: 0,
    mentionsRewritten: 0,
    webhookRecordsRewritten: 0,
  };
  for (const c of counts) {
    for (const key of Object.keys(total) as (keyof ErasedCounts)[]) total[key] += c[key];
  }
  return total;
}

/** A deletion job's progress, under the specification's names and the hosted product's. */
export async function dataDeletionJob(
  s: Services,
  apiKeyId: string,
  input: StatusInput,
): Promise<DataDeletionJob> {
  const job = await s.jobs.progress(apiKeyId, input.jobId);
  if (!job || job.kind !== eraseJobKind.name) throw unknownDeletionJob(input.jobId);
  return {
    jobId: job.id,
    status: job.status,
    tasksCount: job.tasksCount,
    tasksDone: job.tasksDone,
    isDeleteCompleted: job.status === 'completed',
    tasksLeft: job.tasksLeft,
    lastTaskCompletedTime: job.lastTaskFinishedAt?.toISOString() ?? null,
  };
}
