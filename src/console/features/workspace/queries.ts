import { queryOptions } from '@tanstack/react-query';
import { getApiKeys } from '#contract/api-keys';
import { getEmailVerificationStatus } from '#contract/workspace';
import { call } from '../../lib/api';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';
import { workspaceDetailQuery, workspaceKey } from '../../lib/workspace-query';

/**
 * Query keys of the workspace area, generic to specific. Keys carry the workspace ID so that data
 * of one sign-in can never be shown for another.
 */
/** API keys per page of the workspace page's list; "Show more keys" asks for the next. */
export const API_KEYS_PAGE = 10;

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
  /** The workspace's API keys, oldest first, a page at a time (Get API Keys). */
  apiKeys: (workspaceId: string) =>
    pagedQueryOptions({
      queryKey: [...workspaceQueries.one(workspaceId), 'api-keys'] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            getApiKeys,
            { pageSize: API_KEYS_PAGE, ...pageParam('pageToken', token) },
            { signal },
          ),
        ),
    }),
};
