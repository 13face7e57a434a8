import { useMutation } from '@tanstack/react-query';
import { getWorkspace } from '#contract/workspace';
import { call } from '../../lib/api';
import { normalizeBaseUrl, type Session } from '../../lib/session';
import type { SignInValues } from './token-sign-in-schema';
import { useEnterWorkspace } from './use-enter-workspace';

/**
 * Checks the credentials with Get Workspace before keeping them, so a typo is reported on the
 * sign-in page instead of on the first page behind it.
 */
export function useSignIn(redirectTo: string | undefined) {
  const enter = useEnterWorkspace(redirectTo);
  return useMutation({
    meta: { inlineErrors: true, ownCredentials: true },
    mutationFn: async (values: SignInValues) => {
      const session: Session = {
        baseUrl: normalizeBaseUrl(values.baseUrl),
        workspaceId: values.workspaceId,
        workspaceToken: values.workspaceToken,
      };
      await call(getWorkspace, undefined, { credentials: session });
      return session;
    },
    onSuccess: enter,
  });
}
