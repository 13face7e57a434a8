import { useQueryClient } from '@tanstack/react-query';
import { rotateAdvancedWebhookEndpointSecret } from '#contract/webhook-deliveries';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { formatTime } from '../../lib/format-time';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';

export function useRotateSecret(apiKey: ApiKeyCredentials, endpointId: string) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async () =>
      (await call(rotateAdvancedWebhookEndpointSecret, { endpointId }, { apiKey })).data,
    // The answer does not hold the new secret; only Get Advanced Webhook Endpoint Secret does.
    onSaved: () =>
      queryClient.invalidateQueries({
        queryKey: webhookQueries.secret(apiKey, endpointId).queryKey,
      }),
    success: ({ previousSecretExpiresAt }) => ({
      title: 'Signing secret rotated',
      message: `The previous secret also signs until ${formatTime(previousSecretExpiresAt)}.`,
    }),
  });
}
