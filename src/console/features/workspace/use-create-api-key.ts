import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createApiKey, type createApiKeyRequest } from '../../../contract/api-keys';
import { call } from '../../lib/api';
import { workspaceQueries } from './queries';

export function useCreateApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: z.input<typeof createApiKeyRequest>) =>
      (await call(createApiKey, request)).data,
    // Awaited, so that the dialog closes onto a list that already shows the new key.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: workspaceQueries.detail(workspaceId).queryKey }),
  });
}
