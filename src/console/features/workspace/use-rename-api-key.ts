import { useQueryClient } from '@tanstack/react-query';
import { type UpdateApiKeyRequest, updateApiKey } from '#contract/api-keys';
import { call } from '../../lib/api';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { workspaceQueries } from './queries';

export function useRenameApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: UpdateApiKeyRequest) => {
      await call(updateApiKey, request);
    },
    // The name shows in the list, the key bar and the palette: all read the workspace's queries.
    onSaved: () => queryClient.invalidateQueries({ queryKey: workspaceQueries.one(workspaceId) }),
    success: (_answer, request) => ({
      title: 'API key renamed',
      message: `It is now “${request.apiKeyName}”.`,
    }),
  });
}
