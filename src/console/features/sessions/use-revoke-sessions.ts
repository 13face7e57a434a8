import { useQueryClient } from '@tanstack/react-query';
import { type RevokeSessionsRequest, revokeSessions } from '#contract/sessions';
import { call } from '../../lib/api';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { sessionsQueries } from './queries';

const ended = (revoked: number) =>
  revoked === 1 ? '1 session ended.' : `${revoked.toLocaleString('en')} sessions ended.`;

/** Revoke Sessions on the person's own: one of them, or all but this one. */
export function useRevokeSessions({ inlineErrors = true } = {}) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: RevokeSessionsRequest) =>
      (await call(revokeSessions, request)).data,
    onSaved: () => queryClient.invalidateQueries({ queryKey: sessionsQueries.all() }),
    success: ({ revoked }, request) => ({
      title: 'sessionId' in request ? 'Session signed out' : 'Other sessions signed out',
      message: ended(revoked),
    }),
    inlineErrors,
  });
}
