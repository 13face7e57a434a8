import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getWorkspace } from '../../../contract/workspace';
import { call } from '../../lib/api';
import { safeRedirect } from '../../lib/format';
import { normalizeBaseUrl, type Session, setSession } from '../../lib/session';
import type { SignInValues } from './sign-in-schema';

/**
 * Checks the credentials with Get Workspace before keeping them, so a typo is reported on the
 * sign-in page instead of on the first page behind it.
 */
export function useSignIn(redirectTo: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (values: SignInValues) => {
      const session: Session = {
        baseUrl: normalizeBaseUrl(values.baseUrl),
        workspaceId: values.workspaceId,
        workspaceToken: values.workspaceToken,
      };
      await call(getWorkspace, undefined, { credentials: session });
      return session;
    },
    onSuccess: async (session) => {
      // Nothing cached under another sign-in may show through.
      queryClient.clear();
      setSession(session);
      await navigate({ href: safeRedirect(redirectTo), replace: true });
    },
  });
}
