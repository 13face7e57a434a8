import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAdvancedWebhookEndpoint } from '../../../contract/webhooks';
import { call } from '../../lib/api';
import type { CreateRequest } from './endpoint-values';
import { webhookQueries } from './queries';

export function useCreateEndpoint(apiKeyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: CreateRequest) =>
      (await call(createAdvancedWebhookEndpoint, request)).data,
    // Awaited, so that the dialog closes onto a table that already shows the new endpoint.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints(apiKeyId).queryKey }),
  });
}
