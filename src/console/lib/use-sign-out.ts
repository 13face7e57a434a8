import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { revokeSessions, signOut } from '#contract/sessions';
import { call } from './api';
import { isApiError, errorMessage } from './api-error';
import { clearSession, forgetPerson, getSession, signedInWithToken } from './session';
import { toast } from './toaster';

export interface SignOutOptions {
  /** Every session of the person, on every device (Revoke Sessions `{ all: true }`). */
  everywhere?: boolean;
}

/**
 * Leaves the workspace. A person's session ends on the service first (Sign Out, or every one of
 * theirs), so that the cookie no tab can read opens nothing any more; a session that already
 * ended is no obstacle, but a failure keeps them signed in, and says so. Then the console forgets
 * the tab's workspace (and a token sign-in its token), leaves the authenticated pages, and only
 * then drops cached data, so that no mounted page refetches on the way out.
 */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ everywhere = false }: SignOutOptions = {}) => {
      const session = getSession();
      if (!session || !signedInWithToken(session)) {
        try {
          if (everywhere) await call(revokeSessions, { all: true });
          else await call(signOut, undefined);
        } catch (error) {
          if (!isApiError(error) || error.status !== 'UNAUTHENTICATED') {
            toast({ tone: 'error', title: 'Could not sign out', message: errorMessage(error) });
            return;
          }
        }
        forgetPerson();
      }
      clearSession();
      await router.navigate({ to: '/sign-in' });
      queryClient.clear();
    },
    [router, queryClient],
  );
}
