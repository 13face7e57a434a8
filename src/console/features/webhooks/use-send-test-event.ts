import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type sendTestEventRequest, sendTestEvent } from '../../../contract/webhooks';
import { call } from '../../lib/api';
import { toast } from '../../lib/notifications';
import { webhookQueries } from './queries';

export function useSendTestEvent(apiKeyId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: z.output<typeof sendTestEventRequest>) =>
      (await call(sendTestEvent, request)).data,
    onSuccess: async ({ messageId }) => {
      // The new message is pending, so the delivery log starts refreshing itself from here.
      await queryClient.invalidateQueries({
        queryKey: webhookQueries.messages(apiKeyId, endpointId).queryKey,
      });
      toast({ tone: 'success', title: 'Test event queued', message: `Message ${messageId}.` });
    },
  });
}
