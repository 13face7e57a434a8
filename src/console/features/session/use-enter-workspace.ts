import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { safeRedirect } from '../../lib/format';
import { type Session, setSession } from '../../lib/session';
import { rememberServer } from './remembered-server';

/** Keeps the credentials of a workspace as this tab's session and opens the page that was wanted. */
export function useEnterWorkspace(redirectTo: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (session: Session) => {
      // Nothing cached under another sign-in may show through.
      queryClient.clear();
      setSession(session);
      rememberServer(session.baseUrl);
      await navigate({ href: safeRedirect(redirectTo), replace: true });
    },
    [queryClient, navigate, redirectTo],
  );
}
