import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type recoverWebhookMessagesRequest,
  recoverFailedAdvancedWebhookMessages,
} from '../../../contract/webhook-deliveries';
import { call } from '../../lib/api';
import { toast } from '../../lib/notifications';
import { webhookQueries } from './queries';

export function useRecoverMessages(apiKeyId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: z.output<typeof recoverWebhookMessagesRequest>) =>
      (await call(recoverFailedAdvancedWebhookMessages, request)).data,
    onSuccess: async ({ recovered }) => {
      await queryClient.invalidateQueries({
        queryKey: webhookQueries.messages(apiKeyId, endpointId).queryKey,
      });
      toast({
        tone: recovered === 0 ? 'info' : 'success',
        title:
          recovered === 0
            ? 'No failed message to recover'
            : `${recovered} failed ${recovered === 1 ? 'message' : 'messages'} queued again`,
      });
    },
  });
}
