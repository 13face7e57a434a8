import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { safeRedirect } from '../../lib/format';
import { rememberPerson, type Session, setSession, signedInWithToken } from '../../lib/session';
import { rememberServer } from '../../lib/remembered-server';

/**
 * Keeps the workspace as this tab's (with its token, for a sign-in with one) and opens the page
 * that was wanted; a person's choice is also where their next tab opens.
 */
export function useEnterWorkspace(redirectTo: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (session: Session) => {
      // Nothing cached under another sign-in may show through.
      queryClient.clear();
      setSession(session);
      if (!signedInWithToken(session)) rememberPerson(session.workspaceId);
      rememberServer(session.baseUrl);
      await navigate({ href: safeRedirect(redirectTo), replace: true });
    },
    [queryClient, navigate, redirectTo],
  );
}
