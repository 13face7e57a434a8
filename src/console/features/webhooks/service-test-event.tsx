import { useQueryClient } from '@tanstack/react-query';
import { type WebhookService, sendWebhookServiceTestEvent } from '#contract/webhook-service';
import { CallButton } from '../../components/call-button';
import { FormAlert } from '../../components/form-alert';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { webhookQueries } from './queries';

interface ServiceTestEventProps {
  apiKey: ApiKeyCredentials;
  config: WebhookService;
}

/** Queues a sample comment.add for the raw URL, whatever the triggers: the way to try a receiver. */
export function ServiceTestEvent({ apiKey, config }: ServiceTestEventProps) {
  const queryClient = useQueryClient();
  const sending = useSaveMutation({
    mutationFn: async () => (await call(sendWebhookServiceTestEvent, {}, { apiKey })).data,
    // The new message is pending, so the delivery log refreshes itself from here.
    onSaved: () =>
      queryClient.invalidateQueries({
        queryKey: webhookQueries.serviceDeliveries(apiKey, 'raw').queryKey,
      }),
    success: ({ messageId }) => ({ title: 'Test event queued', message: `Message ${messageId}.` }),
  });
  const ready = config.useWebhookService && config.webhookServiceConfig.rawNotificationUrl !== '';
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {ready
            ? 'Sends a sample comment.add (actionType added) to the raw URL, with the auth token and protection saved above.'
            : 'Turn the service on and save a raw notification URL to send a test event.'}
        </p>
        <CallButton
          endpoint={sendWebhookServiceTestEvent}
          variant="secondary"
          disabled={!ready || sending.isPending}
          onClick={() => sending.mutate()}
        >
          {sending.isPending ? 'Sending…' : 'Send a test event'}
        </CallButton>
      </div>
      <FormAlert message={sending.isError ? errorMessage(sending.error) : undefined} />
    </div>
  );
}
