import { useQueryClient } from '@tanstack/react-query';
import { deleteAdvancedWebhookEndpoint } from '#contract/webhooks';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { mapPagedItems } from '../../lib/paged-query';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';

export function useDeleteEndpoint(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  const { queryKey } = webhookQueries.endpoints(apiKey);
  return useSaveMutation({
    mutationFn: async (endpointId: string) =>
      (await call(deleteAdvancedWebhookEndpoint, { endpointId }, { apiKey })).data,
    onSaved: ({ endpointId }) => {
      queryClient.setQueryData(queryKey, (list) =>
        mapPagedItems(list, (items) => items.filter((endpoint) => endpoint.id !== endpointId)),
      );
      queryClient.removeQueries({ queryKey: webhookQueries.endpoint(apiKey.id, endpointId) });
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
