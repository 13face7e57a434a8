import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { clearSession } from './session';

/**
 * Leaves the workspace: forgets the credentials first (so nothing can call the service with them),
 * then leaves the authenticated pages, and only then drops cached data, so that no mounted page
 * refetches on the way out.
 */
export function useSignOut(): () => Promise<void> {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    clearSession();
    await router.navigate({ to: '/sign-in' });
    queryClient.clear();
  }, [router, queryClient]);
}
