import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdvancedWebhookEndpoint,
  type UpdateWebhookEndpointRequest,
  updateAdvancedWebhookEndpoint,
} from '../../../contract/webhooks';
import { call } from '../../lib/api';
import { webhookQueries } from './queries';

/** `inlineErrors`: false for a lone switch, whose failure is told in a toast rather than a form. */
export function useUpdateEndpoint(apiKeyId: string, inlineErrors = true) {
  const queryClient = useQueryClient();
  const { queryKey } = webhookQueries.endpoints(apiKeyId);
  return useMutation({
    meta: { inlineErrors },
    mutationFn: async (request: UpdateWebhookEndpointRequest) =>
      (await call(updateAdvancedWebhookEndpoint, request)).data,
    onSuccess: (saved) => {
      // The answer is the endpoint's latest state: the list shows it without asking again.
      queryClient.setQueryData(queryKey, (list: AdvancedWebhookEndpoint[] | undefined) =>
        list?.map((endpoint) => (endpoint.id === saved.id ? saved : endpoint)),
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
