import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type sendTestEventRequest, sendTestEvent } from '#contract/webhooks';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';

export function useSendTestEvent(apiKey: ApiKeyCredentials, endpointId: string) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: z.output<typeof sendTestEventRequest>) =>
      (await call(sendTestEvent, request, { apiKey })).data,
    // The new message is pending, so the delivery log starts refreshing itself from here.
    onSaved: () =>
      queryClient.invalidateQueries({
        queryKey: webhookQueries.messages(apiKey, endpointId).queryKey,
      }),
    success: ({ messageId }) => ({ title: 'Test event queued', message: `Message ${messageId}.` }),
  });
}
