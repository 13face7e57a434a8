import { queryOptions } from '@tanstack/react-query';
import { getWorkspaceStatus } from '#contract/status';
import { call } from '../../lib/api';
import { workspaceKey } from '../../lib/workspace-query';

/** How often the Status page reads the figures again while it is shown. */
export const STATUS_REFRESH_MS = 5_000;

/** Query keys of the status area, under the workspace's. */
export const statusQueries = {
  all: (workspaceId: string) => [...workspaceKey(workspaceId), 'status'] as const,
  /**
   * The workspace's queues, deliveries and failing endpoints, read again every few seconds while
   * the page is shown (React Query stops refetching in a hidden tab and starts again on return).
   */
  figures: (workspaceId: string) =>
    queryOptions({
      queryKey: [...statusQueries.all(workspaceId), 'figures'] as const,
      queryFn: async ({ signal }) => (await call(getWorkspaceStatus, undefined, { signal })).data,
      refetchInterval: STATUS_REFRESH_MS,
    }),
};
