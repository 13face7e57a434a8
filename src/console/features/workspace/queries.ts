import { queryOptions } from '@tanstack/react-query';
import { getWorkspace } from '../../../contract/workspace';
import { call } from '../../lib/api';

/**
 * Query keys of the workspace area, generic to specific. Keys carry the workspace ID so that data
 * of one sign-in can never be shown for another.
 */
export const workspaceQueries = {
  all: () => ['workspace'] as const,
  detail: (workspaceId: string) =>
    queryOptions({
      queryKey: [...workspaceQueries.all(), workspaceId, 'detail'] as const,
      queryFn: async ({ signal }) => (await call(getWorkspace, undefined, { signal })).data,
    }),
};
