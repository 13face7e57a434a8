import { getApiKeys } from '#contract/api-keys';
import { call } from '../../lib/api';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';
import { workspaceKey } from '../../lib/workspace-query';

/** API keys per page of the workspace page's list; "Show more keys" asks for the next. */
export const API_KEYS_PAGE = 10;

/**
 * The workspace's API keys, oldest first, a page at a time (Get API Keys). Apart from
 * `workspaceQueries`, which the console's first load carries (the workspace route's loader): this
 * one and the contract it calls load with the workspace page.
 */
export const apiKeyListQuery = (workspaceId: string) =>
  pagedQueryOptions({
    queryKey: [...workspaceKey(workspaceId), 'api-keys'] as const,
    fetchPage: async (token, signal) =>
      pageOf.pageToken(
        await call(
          getApiKeys,
          { pageSize: API_KEYS_PAGE, ...pageParam('pageToken', token) },
          { signal },
        ),
      ),
  });
