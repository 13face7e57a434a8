import { queryOptions } from '@tanstack/react-query';
import { getWorkspaceAuthToken } from '#contract/workspace-access';
import { call } from '../../lib/api';
import { workspaceQueries } from './queries';

/**
 * The workspace's root token, revealed on purpose by its owner (Get Workspace Auth Token, an
 * audited reveal): fetched only when asked for, and not kept once its field is gone. Apart from
 * workspaceQueries, which the overview's loader brings into the console's first load.
 */
export function workspaceTokenQuery(workspaceId: string) {
  return queryOptions({
    queryKey: [...workspaceQueries.one(workspaceId), 'token'] as const,
    queryFn: async ({ signal }) =>
      (await call(getWorkspaceAuthToken, undefined, { signal })).data.authToken,
    staleTime: Infinity,
    gcTime: 0,
  });
}
