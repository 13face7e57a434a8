import { useQueryClient } from '@tanstack/react-query';
import {
  type AdvancedWebhookEndpoint,
  type UpdateWebhookEndpointRequest,
  updateAdvancedWebhookEndpoint,
} from '#contract/webhooks';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { mapPagedItems } from '../../lib/paged-query';
import { type SaveMutationOptions, useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';

type Options = Pick<
  SaveMutationOptions<UpdateWebhookEndpointRequest, AdvancedWebhookEndpoint>,
  'success' | 'inlineErrors'
>;

export function useUpdateEndpoint(apiKey: ApiKeyCredentials, options: Options = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = webhookQueries.endpoints(apiKey);
  return useSaveMutation({
    ...options,
    mutationFn: async (request: UpdateWebhookEndpointRequest) =>
      (await call(updateAdvancedWebhookEndpoint, request, { apiKey })).data,
    onSaved: (saved) => {
      // The answer is the endpoint's latest state: the page and the list show it at once.
      queryClient.setQueryData(webhookQueries.endpointDetail(apiKey, saved.id).queryKey, saved);
      queryClient.setQueryData(queryKey, (list) =>
        mapPagedItems(list, (items) =>
          items.map((endpoint) => (endpoint.id === saved.id ? saved : endpoint)),
        ),
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
