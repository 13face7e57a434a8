import type { z } from 'zod';
import type {
  DataDeletionJob,
  deleteAllUserDataRequest,
  getDataDeletionJobRequest,
} from '../../../contract/user-data';
import { invalidArgument, notFound } from '../../http/service-error';
import type { Services } from '../../services';
import { eraseJobKind } from './erase-job';
import { eraseTargets } from './erase-targets';

/**
 * Tasks one request may start: every pair of a user and an organization is a row written in
 * the request's transaction (1,000 users times 1,000 organizations would be a million).
 */
export const MAX_ERASE_TASKS = 10_000;

type DeleteInput = z.output<typeof deleteAllUserDataRequest>;
type StatusInput = z.output<typeof getDataDeletionJobRequest>;

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
    if (targets.length > MAX_ERASE_TASKS) {
      throw invalidArgument(
        `The request makes ${targets.length} tasks (one per user and organization); at most ${MAX_ERASE_TASKS} per request.`,
      );
    }
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

export const deletionJobMissing = (jobId: string) => `Data deletion job ${jobId} not found.`;

/** A deletion job's progress, under the specification's names and the hosted product's. */
export async function dataDeletionJob(
  s: Services,
  apiKeyId: string,
  input: StatusInput,
): Promise<DataDeletionJob> {
  const job = await s.jobs.progress(apiKeyId, input.jobId);
  if (!job || job.kind !== eraseJobKind.name) throw notFound(deletionJobMissing(input.jobId));
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
