import {
  type DataDeletionJob,
  type DeleteAllUserDataRequest,
  type ErasePreview,
  deleteAllUserData,
  getDataDeletionJob,
} from '#contract/user-data';
import { getUsers } from '#contract/users';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyQueryOptions } from '../../lib/key-query';

/** How many of an organization's users the user field suggests. */
export const USER_SUGGESTIONS = 1000;

/** How often a running erasure is asked about. */
const JOB_POLL_MS = 1000;

export const isJobFinished = (job: DataDeletionJob) =>
  job.status === 'completed' || job.status === 'failed';

/**
 * Query keys of the user-data area, generic to specific; each query calls with the key it is
 * keyed by.
 */
export const userDataQueries = {
  all: () => ['user-data'] as const,
  one: (apiKeyId: string) => [...userDataQueries.all(), apiKeyId] as const,
  allSuggestions: (apiKeyId: string) => [...userDataQueries.one(apiKeyId), 'suggestions'] as const,
  /** The organization's first users, offered while typing a user ID. */
  suggestions: (apiKey: ApiKeyCredentials, organizationId: string) =>
    keyQueryOptions(
      [...userDataQueries.allSuggestions(apiKey.id), organizationId] as const,
      async (signal) => {
        const answer = await call(
          getUsers,
          { organizationId, pageSize: USER_SUGGESTIONS },
          { apiKey, signal },
        );
        return Array.isArray(answer.data) ? answer.data : [];
      },
    ),
  /** An erasure's progress, asked again every second until it ends. */
  job: (apiKey: ApiKeyCredentials, jobId: string) => ({
    ...keyQueryOptions(
      [...userDataQueries.one(apiKey.id), 'job', jobId] as const,
      async (signal) => (await call(getDataDeletionJob, { jobId }, { apiKey, signal })).data,
    ),
    refetchInterval: (query: { state: { data?: DataDeletionJob } }) =>
      query.state.data && isJobFinished(query.state.data) ? false : JOB_POLL_MS,
  }),
};

/** Delete All User Data as a dry run: what the erase would remove, and nothing changed. */
export async function previewErase(
  apiKey: ApiKeyCredentials,
  request: DeleteAllUserDataRequest,
): Promise<ErasePreview> {
  const answer = await call(deleteAllUserData, { ...request, dryRun: true }, { apiKey });
  // `call` parses a dry run's answer with the endpoint's dry-run schema (erasePreviewSchema).
  return answer.data as unknown as ErasePreview;
}

/** Delete All User Data for real: the job that erases the users. */
export async function startErase(
  apiKey: ApiKeyCredentials,
  { userIds, organizationIds }: DeleteAllUserDataRequest,
) {
  const request = { userIds, ...(organizationIds ? { organizationIds } : {}) };
  return (await call(deleteAllUserData, request, { apiKey })).data;
}
