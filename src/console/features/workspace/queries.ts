import { queryOptions } from '@tanstack/react-query';
import { getEmailVerificationStatus } from '#contract/workspace';
import { call } from '../../lib/api';
import { workspaceDetailQuery, workspaceKey } from '../../lib/workspace-query';

/**
 * Query keys of the workspace area, generic to specific. Keys carry the workspace ID so that data
 * of one sign-in can never be shown for another.
 */
export const workspaceQueries = {
  all: () => ['workspace'] as const,
  one: workspaceKey,
  detail: workspaceDetailQuery,
  /** The service's sentence ("Email not yet verified") is shown as it is, so it is kept. */
  emailStatus: (workspaceId: string, ownerEmail: string) =>
    queryOptions({
      queryKey: [...workspaceQueries.one(workspaceId), 'email-status', ownerEmail] as const,
      queryFn: async ({ signal }) => {
        const answer = await call(getEmailVerificationStatus, { ownerEmail }, { signal });
        return { verified: answer.data.verified, message: answer.message };
      },
    }),
};
