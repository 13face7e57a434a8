import { useQueryClient } from '@tanstack/react-query';
import { createAdvancedWebhookEndpoint } from '#contract/webhooks';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import type { CreateRequest } from './endpoint-values';
import { webhookQueries } from './queries';

export function useCreateEndpoint(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: CreateRequest) =>
      (await call(createAdvancedWebhookEndpoint, request, { apiKey })).data,
    onSaved: () =>
      queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints(apiKey).queryKey }),
    success: (endpoint) => ({ title: 'Endpoint created', message: endpoint.url }),
  });
}
