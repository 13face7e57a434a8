import { queryOptions } from '@tanstack/react-query';
import { getMembers } from '#contract/team';
import { call } from '../../lib/api';
import { workspaceKey } from '../../lib/workspace-query';

/** Query keys of the team area, generic to specific, under the workspace's. */
export const teamQueries = {
  all: (workspaceId: string) => [...workspaceKey(workspaceId), 'team'] as const,
  /** Every member and invitation of the workspace (a team is small: one read, no pages). */
  members: (workspaceId: string) =>
    queryOptions({
      queryKey: [...teamQueries.all(workspaceId), 'members'] as const,
      queryFn: async ({ signal }) => (await call(getMembers, undefined, { signal })).data.members,
    }),
};
