import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAdvancedWebhookConfig } from '../../../contract/webhooks';
import { call } from '../../lib/api';
import { toast } from '../../lib/notifications';
import type { ConfigRequest } from './config-values';
import { webhookQueries } from './queries';

export function useUpdateWebhookConfig(apiKeyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: ConfigRequest) =>
      (await call(updateAdvancedWebhookConfig, request)).data,
    onSuccess: (saved, request) => {
      // The answer is the whole configuration after the write.
      queryClient.setQueryData(webhookQueries.config(apiKeyId).queryKey, saved);
      let title = 'Webhook configuration saved';
      if (request.isEnabled === true) title = 'Advanced webhooks turned on';
      if (request.isEnabled === false) title = 'Advanced webhooks turned off';
      toast({ tone: 'success', title });
    },
  });
}
