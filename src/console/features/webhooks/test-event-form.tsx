import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sendTestEvent, sendTestEventRequest } from '#contract/webhooks';
import { FormAlert } from '../../components/form-alert';
import { UnshownErrors } from '../../components/unshown-errors';
import { FormField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { contractResolver } from '../../lib/contract-resolver';
import { useSendTestEvent } from './use-send-test-event';
import { CallButton } from '../../components/call-button';

type Values = { eventType: string };
type TestRequest = z.output<typeof sendTestEventRequest>;

interface TestEventFormProps {
  apiKey: ApiKeyCredentials;
  endpointId: string;
}

export function TestEventForm({ apiKey, endpointId }: TestEventFormProps) {
  const sending = useSendTestEvent(apiKey, endpointId);
  const form = useForm<Values, unknown, TestRequest>({
    defaultValues: { eventType: '' },
    resolver: contractResolver<Values, TestRequest>(sendTestEventRequest, {
      build: (values) => ({
        request: { endpointId, eventType: values.eventType.trim() || undefined },
      }),
      fieldOf: (path) => (path[0] === 'eventType' ? 'eventType' : undefined),
    }),
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Send a test event"
        className="space-y-3"
        onSubmit={(event) => void form.handleSubmit((request) => sending.mutate(request))(event)}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField
            name="eventType"
            label="Event type"
            className="flex-1"
            autoComplete="off"
            placeholder="comment.add"
            description="Optional: a sample of this type; else the endpoint's first event type, or comment.add."
          />
          <CallButton endpoint={sendTestEvent} type="submit" disabled={sending.isPending}>
            {sending.isPending ? 'Sending…' : 'Send test event'}
          </CallButton>
        </div>
        <UnshownErrors />
        <FormAlert message={sending.isError ? errorMessage(sending.error) : undefined} />
      </form>
    </FormProvider>
  );
}
