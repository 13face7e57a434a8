import { queryOptions } from '@tanstack/react-query';
import { getWorkspace } from '../../contract/workspace';
import { call } from './api';

/**
 * The workspace (its API keys), for the command palette's key switch. The same query key and call
 * as the workspace feature's `workspaceQueries.detail`, so both read one cache entry; written here
 * because the palette is shared UI, which does not import features.
 */
export const workspaceKeysQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: ['workspace', workspaceId, 'detail'] as const,
    queryFn: async ({ signal }) => (await call(getWorkspace, undefined, { signal })).data,
  });
