import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyEntry } from '../../../contract/workspace';
import { toast } from '../../lib/notifications';
import { updateSession } from '../../lib/session';
import { workspaceQueries } from './queries';

/** Keeps a key and its auth token in the session, for the pages that call with an API key. */
export function useChooseKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: ApiKeyEntry) => {
      const tokens = await queryClient.query(workspaceQueries.authTokens(workspaceId, key.id));
      const token = tokens[0]?.token;
      if (!token) throw new Error(`The API key ${key.apiKeyName} has no auth token.`);
      updateSession({ apiKey: key.id, apiKeyToken: token });
      return key;
    },
    onSuccess: (key) =>
      toast({
        tone: 'success',
        title: `Using “${key.apiKeyName}”`,
        message: 'The API-key pages of the console call the service with this key.',
      }),
  });
}
