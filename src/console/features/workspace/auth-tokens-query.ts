import { queryOptions } from '@tanstack/react-query';
import { getAuthTokens } from '#contract/api-keys';
import { call } from '../../lib/api';
import { workspaceQueries } from './queries';

/**
 * A key's auth tokens, under the workspace's query keys. Secrets: fetched only when the admin
 * reveals, copies or uses a key. Kept apart from workspaceQueries, which the overview's loader
 * brings into the console's first load, so that the API-key contract stays out of it.
 */
export function authTokensQuery(workspaceId: string, apiKey: string) {
  return queryOptions({
    queryKey: [...workspaceQueries.one(workspaceId), 'auth-tokens', apiKey] as const,
    queryFn: async ({ signal }) =>
      (await call(getAuthTokens, { apiKey }, { signal })).data.authTokens,
    // A token changes only by a reset from this console, which writes the new one here.
    staleTime: Infinity,
  });
}
