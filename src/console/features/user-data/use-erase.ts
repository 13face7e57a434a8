import type { DeleteAllUserDataRequest } from '#contract/user-data';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { previewErase, startErase } from './queries';

/** The dry run: what the erase would remove; nothing changes, so no toast. */
export function useErasePreview(apiKey: ApiKeyCredentials) {
  return useSaveMutation({
    mutationFn: (request: DeleteAllUserDataRequest) => previewErase(apiKey, request),
  });
}

/** The erase itself: the service starts a job, which the page then follows. */
export function useStartErase(apiKey: ApiKeyCredentials) {
  return useSaveMutation({
    mutationFn: (request: DeleteAllUserDataRequest) => startErase(apiKey, request),
    success: (job) => ({
      title: 'Erasure started',
      message: `Job ${job.jobId}: ${job.tasksCount} ${job.tasksCount === 1 ? 'task' : 'tasks'}.`,
    }),
  });
}
