import { useQueryClient } from '@tanstack/react-query';
import { recoverFailedAdvancedWebhookMessages } from '#contract/webhook-deliveries';
import { type AdvancedWebhookEndpoint, updateAdvancedWebhookEndpoint } from '#contract/webhooks';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { mapPagedItems } from '../../lib/paged-query';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';

/**
 * Enables a disabled endpoint, which lets the messages that waited for it flow again (oldest
 * first), and queues again the messages whose attempts ran out while it kept failing: those
 * failed since the failure began (Recover Failed Messages from then on).
 */
export function useEnableAndRetry(apiKey: ApiKeyCredentials, endpoint: AdvancedWebhookEndpoint) {
  const queryClient = useQueryClient();
  const since = endpoint.health?.failingSince ?? endpoint.health?.disabledAt ?? null;
  return useSaveMutation({
    mutationFn: async () => {
      const saved = (
        await call(
          updateAdvancedWebhookEndpoint,
          { endpointId: endpoint.id, disabled: false },
          { apiKey },
        )
      ).data;
      const recovered = since
        ? (
            await call(
              recoverFailedAdvancedWebhookMessages,
              { endpointId: endpoint.id, since },
              { apiKey },
            )
          ).data.recovered
        : 0;
      return { saved, recovered };
    },
    onSaved: async ({ saved }) => {
      queryClient.setQueryData(webhookQueries.endpointDetail(apiKey, saved.id).queryKey, saved);
      const { queryKey } = webhookQueries.endpoints(apiKey);
      queryClient.setQueryData(queryKey, (list) =>
        mapPagedItems(list, (items) => items.map((e) => (e.id === saved.id ? saved : e))),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({
          queryKey: webhookQueries.messages(apiKey, saved.id).queryKey,
        }),
      ]);
    },
    success: ({ recovered }) => ({
      title: 'Endpoint enabled',
      message:
        recovered > 0
          ? `Its waiting messages flow again, and ${recovered} failed ${recovered === 1 ? 'message was' : 'messages were'} queued again.`
          : 'Its waiting messages flow again, oldest first.',
    }),
  });
}
