import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetAuthToken } from '../../../contract/api-keys';
import { call } from '../../lib/api';
import { getSession, updateSession } from '../../lib/session';
import { workspaceQueries } from './queries';

export function useResetAuthToken(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (apiKey: string) => (await call(resetAuthToken, { apiKey })).data,
    onSuccess: ({ apiKey, newAuthToken }) => {
      // The answer holds the new token: no need to ask for it again.
      queryClient.setQueryData(workspaceQueries.authTokens(workspaceId, apiKey).queryKey, [
        newAuthToken,
      ]);
      // The API-key pages call with the chosen key's token; its reset must not lock them out.
      if (getSession()?.apiKey === apiKey) updateSession({ apiKeyToken: newAuthToken.token });
    },
  });
}
