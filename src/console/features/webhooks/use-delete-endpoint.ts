import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdvancedWebhookEndpoint,
  deleteAdvancedWebhookEndpoint,
} from '../../../contract/webhooks';
import { call } from '../../lib/api';
import { webhookQueries } from './queries';

export function useDeleteEndpoint(apiKeyId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = webhookQueries.endpoints(apiKeyId);
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (endpointId: string) =>
      (await call(deleteAdvancedWebhookEndpoint, { endpointId })).data,
    onSuccess: ({ endpointId }) => {
      queryClient.setQueryData(queryKey, (list: AdvancedWebhookEndpoint[] | undefined) =>
        list?.filter((endpoint) => endpoint.id !== endpointId),
      );
      queryClient.removeQueries({ queryKey: webhookQueries.endpoint(apiKeyId, endpointId) });
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
