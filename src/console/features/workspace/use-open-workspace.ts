import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Workspace } from '#contract/workspace';
import { currentSessionQuery } from '../../lib/current-session';
import { toast } from '../../lib/toaster';
import type { SignedIn } from '../../lib/use-role';
import { useSwitchWorkspace } from '../../lib/use-switch-workspace';

/**
 * Opens a workspace just created. A tab signed in with a workspace token switches to the new
 * workspace's token. A person switches to it through their session when they own it; a workspace
 * made for someone else is theirs to open, by their own sign-in.
 */
export function useOpenWorkspace(signedIn: SignedIn | undefined) {
  const queryClient = useQueryClient();
  const switchTo = useSwitchWorkspace();
  return useCallback(
    async (workspace: Workspace) => {
      const baseUrl = signedIn?.session.baseUrl ?? '';
      if (signedIn?.kind !== 'person') {
        await switchTo({ baseUrl, workspaceId: workspace.id, workspaceToken: workspace.authToken });
        return;
      }
      if (workspace.owner.email.toLowerCase() !== signedIn.email.toLowerCase()) {
        toast({
          tone: 'info',
          title: `${workspace.owner.email} owns the new workspace`,
          message: 'They open it by signing in with a login link sent to that address.',
        });
        return;
      }
      // The person's list of workspaces now holds the new one, which the guard looks for.
      await queryClient.query({ ...currentSessionQuery(baseUrl), staleTime: 0 });
      await switchTo({ baseUrl, workspaceId: workspace.id });
    },
    [queryClient, switchTo, signedIn],
  );
}
