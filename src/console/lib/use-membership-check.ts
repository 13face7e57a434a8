import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SignedIn } from './use-role';
import { workspaceDetailQuery } from './workspace-query';

/**
 * A person whose list of workspaces (Get Current Session, refreshed as they work) no longer holds
 * the tab's one was removed from it: the workspace is asked for again, and the service's refusal
 * sends them to sign in in its own words (the query client's policy), as any refused call does.
 */
export function useMembershipCheck(signedIn: SignedIn | undefined): void {
  const queryClient = useQueryClient();
  const removed = signedIn?.kind === 'person' && signedIn.role === undefined;
  const workspaceId = signedIn?.session.workspaceId;
  useEffect(() => {
    if (!removed || !workspaceId) return;
    queryClient
      .query({ ...workspaceDetailQuery(workspaceId), staleTime: 0 })
      // Refused, the policy has it; answered (added back meanwhile), nothing to do.
      .catch(() => undefined);
  }, [removed, workspaceId, queryClient]);
}
