import { useQueryClient } from '@tanstack/react-query';
import { getWebhookServiceConfig, updateWebhookServiceConfig } from '#contract/webhook-service';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';
import type { ServiceRequest } from './service-values';

export function useUpdateWebhookService(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: ServiceRequest) => {
      await call(updateWebhookServiceConfig, request, { apiKey });
      // The service answers null, as the hosted product does: what is saved is read back.
      return (await call(getWebhookServiceConfig, undefined, { apiKey })).data;
    },
    onSaved: (saved) => queryClient.setQueryData(webhookQueries.service(apiKey).queryKey, saved),
    success: (_, request) => {
      if (request.useWebhookService === true) return 'Webhook service turned on';
      if (request.useWebhookService === false) return 'Webhook service turned off';
      return 'Webhook service saved';
    },
  });
}
