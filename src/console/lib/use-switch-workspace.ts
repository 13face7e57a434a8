import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { workspaceKey } from './workspace-query';
import { getSession, rememberPerson, type Session, setSession, signedInWithToken } from './session';

/**
 * Switches this tab to another workspace of the same server (the switcher, one just created): the
 * router runs the pages' guards and loaders again under the new workspace, then the old one's data
 * is dropped. Its queries are keyed by its ID, so they never show in the new one meanwhile. A
 * person's choice is also where a new tab opens.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    async (next: Session) => {
      const previous = getSession();
      await queryClient.cancelQueries();
      setSession(next);
      if (!signedInWithToken(next)) rememberPerson(next.workspaceId);
      await router.navigate({ to: '/' });
      await router.invalidate();
      if (previous && previous.workspaceId !== next.workspaceId) {
        queryClient.removeQueries({ queryKey: workspaceKey(previous.workspaceId) });
      }
    },
    [queryClient, router],
  );
}
