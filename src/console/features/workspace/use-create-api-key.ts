import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createApiKey, type createApiKeyRequest } from '#contract/api-keys';
import { call } from '../../lib/api';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { workspaceQueries } from './queries';

export function useCreateApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: z.input<typeof createApiKeyRequest>) =>
      (await call(createApiKey, request)).data,
    // The workspace's detail and its paged list of keys both show the new key.
    onSaved: () => queryClient.invalidateQueries({ queryKey: workspaceQueries.one(workspaceId) }),
    success: ({ apiKey }) => ({ title: 'API key created', message: `Its ID is ${apiKey}.` }),
  });
}
