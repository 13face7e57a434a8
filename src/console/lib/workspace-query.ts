import { queryOptions } from '@tanstack/react-query';
import { getWorkspace } from '#contract/workspace';
import { call } from './api';

/** The start of every query key of one workspace's data, so that its data goes with it. */
export const workspaceKey = (workspaceId: string) => ['workspace', workspaceId] as const;

/**
 * The signed-in workspace with its API keys (Get Workspace). The workspace area's queries and the
 * command palette, shared UI that does not import features, both use this one.
 */
export const workspaceDetailQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: [...workspaceKey(workspaceId), 'detail'] as const,
    queryFn: async ({ signal }) => (await call(getWorkspace, undefined, { signal })).data,
  });
