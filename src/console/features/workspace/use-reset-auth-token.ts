import { useQueryClient } from '@tanstack/react-query';
import { resetAuthToken } from '#contract/api-keys';
import { call } from '../../lib/api';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { authTokensQuery } from './auth-tokens-query';

export function useResetAuthToken(workspaceId: string) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (apiKey: string) => (await call(resetAuthToken, { apiKey })).data,
    // The answer holds the new token: no need to ask for it again. The key's pages read their
    // token from here, so they call with the new one from their next load.
    onSaved: ({ apiKey, newAuthToken }) =>
      queryClient.setQueryData(authTokensQuery(workspaceId, apiKey).queryKey, [newAuthToken]),
  });
}
