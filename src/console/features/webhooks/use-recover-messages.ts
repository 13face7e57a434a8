import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type recoverWebhookMessagesRequest,
  recoverFailedAdvancedWebhookMessages,
} from '#contract/webhook-deliveries';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';

export function useRecoverMessages(apiKey: ApiKeyCredentials, endpointId: string) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: z.output<typeof recoverWebhookMessagesRequest>) =>
      (await call(recoverFailedAdvancedWebhookMessages, request, { apiKey })).data,
    onSaved: () =>
      queryClient.invalidateQueries({
        queryKey: webhookQueries.messages(apiKey, endpointId).queryKey,
      }),
    success: ({ recovered }) =>
      recovered === 0
        ? 'No failed message to recover'
        : `${recovered} failed ${recovered === 1 ? 'message' : 'messages'} queued again`,
  });
}
