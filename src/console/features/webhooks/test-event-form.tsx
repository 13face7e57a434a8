import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sendTestEventRequest } from '../../../contract/webhooks';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import { fieldMessage } from '../../lib/format';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSendTestEvent } from './use-send-test-event';

type Values = { eventType: string };
type TestRequest = z.output<typeof sendTestEventRequest>;

const label = 'Event type';

export function TestEventForm({ apiKeyId, endpointId }: { apiKeyId: string; endpointId: string }) {
  const sending = useSendTestEvent(apiKeyId, endpointId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, TestRequest>({
    defaultValues: { eventType: '' },
    resolver: schemaResolver<Values, TestRequest>(
      sendTestEventRequest,
      (values) => ({ endpointId, eventType: values.eventType.trim() || undefined }),
      (path) => (path[0] === 'eventType' ? 'eventType' : undefined),
    ),
  });

  return (
    <form
      noValidate
      aria-label="Send a test event"
      className="space-y-3"
      onSubmit={(event) => void handleSubmit((request) => sending.mutate(request))(event)}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          className="flex-1"
          label={label}
          autoComplete="off"
          placeholder="comment.add"
          description="Optional: a sample of this type; else the endpoint's first event type, or comment.add."
          error={fieldMessage(label, errors.eventType?.message)}
          {...register('eventType')}
        />
        <Button type="submit" disabled={sending.isPending}>
          {sending.isPending ? 'Sending…' : 'Send test event'}
        </Button>
      </div>
      <FormAlert message={sending.isError ? errorMessage(sending.error) : errors.root?.message} />
    </form>
  );
}
