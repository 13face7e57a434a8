import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rotateAdvancedWebhookEndpointSecret } from '../../../contract/webhook-deliveries';
import { call } from '../../lib/api';
import { webhookQueries } from './queries';

export function useRotateSecret(apiKeyId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async () => (await call(rotateAdvancedWebhookEndpointSecret, { endpointId })).data,
    // The answer does not hold the new secret; only Get Advanced Webhook Endpoint Secret does.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: webhookQueries.secret(apiKeyId, endpointId).queryKey,
      }),
  });
}
