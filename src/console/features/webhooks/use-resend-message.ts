import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendAdvancedWebhookMessage } from '../../../contract/webhook-deliveries';
import { call } from '../../lib/api';
import { toast } from '../../lib/notifications';
import { webhookQueries } from './queries';

/** Failures toast (the global policy): the action is a button in a list, not a form. */
export function useResendMessage(apiKeyId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) =>
      (await call(resendAdvancedWebhookMessage, { endpointId, messageId })).data,
    onSuccess: async ({ messageId }) => {
      await queryClient.invalidateQueries({
        queryKey: webhookQueries.messages(apiKeyId, endpointId).queryKey,
      });
      toast({ tone: 'success', title: 'Message queued again', message: `Message ${messageId}.` });
    },
  });
}
