import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Workspace } from '#contract/workspace';
import { getSession, setSession } from '../../lib/session';
import { workspaceQueries } from './queries';

/**
 * Switches this tab to another workspace of the same server (one just created): the router runs
 * the pages' guards and loaders again under the new credentials, then the old workspace's data is
 * dropped. Its queries are keyed by its ID, so they never show in the new one meanwhile.
 */
export function useOpenWorkspace() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    async (workspace: Workspace) => {
      const previous = getSession();
      await queryClient.cancelQueries();
      setSession({
        baseUrl: previous?.baseUrl ?? '',
        workspaceId: workspace.id,
        workspaceToken: workspace.authToken,
      });
      await router.navigate({ to: '/' });
      await router.invalidate();
      if (previous && previous.workspaceId !== workspace.id) {
        queryClient.removeQueries({ queryKey: workspaceQueries.one(previous.workspaceId) });
      }
    },
    [queryClient, router],
  );
}
