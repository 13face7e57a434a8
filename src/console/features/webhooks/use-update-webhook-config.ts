import { useQueryClient } from '@tanstack/react-query';
import { updateAdvancedWebhookConfig } from '#contract/webhooks';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import type { ConfigRequest } from './config-values';
import { webhookQueries } from './queries';

export function useUpdateWebhookConfig(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: ConfigRequest) =>
      (await call(updateAdvancedWebhookConfig, request, { apiKey })).data,
    // The answer is the whole configuration after the write.
    onSaved: (saved) => queryClient.setQueryData(webhookQueries.config(apiKey).queryKey, saved),
    success: (_, request) => {
      if (request.isEnabled === true) return 'Advanced webhooks turned on';
      if (request.isEnabled === false) return 'Advanced webhooks turned off';
      return 'Webhook configuration saved';
    },
  });
}
