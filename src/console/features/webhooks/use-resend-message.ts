import { useQueryClient } from '@tanstack/react-query';
import { resendAdvancedWebhookMessage } from '#contract/webhook-deliveries';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';

/** Failures toast (the global policy): the action is a button in a list, not a form. */
export function useResendMessage(apiKey: ApiKeyCredentials, endpointId: string) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    inlineErrors: false,
    mutationFn: async (messageId: string) =>
      (await call(resendAdvancedWebhookMessage, { endpointId, messageId }, { apiKey })).data,
    onSaved: () =>
      queryClient.invalidateQueries({
        queryKey: webhookQueries.messages(apiKey, endpointId).queryKey,
      }),
    success: ({ messageId }) => ({
      title: 'Message queued again',
      message: `Message ${messageId}.`,
    }),
  });
}
