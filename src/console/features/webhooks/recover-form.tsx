import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { recoverWebhookMessagesRequest } from '#contract/webhook-deliveries';
import { FormAlert } from '../../components/form-alert';
import { UnshownErrors } from '../../components/unshown-errors';
import { FormField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { fieldMessage } from '../../lib/format';
import { contractResolver } from '../../lib/contract-resolver';
import { useRecoverMessages } from './use-recover-messages';
import { recoverFailedAdvancedWebhookMessages } from '#contract/webhook-deliveries';
import { CallButton } from '../../components/call-button';

type Values = { since: string; until: string };
type RecoverRequest = z.output<typeof recoverWebhookMessagesRequest>;

/** A datetime-local value (the admin's own clock) as the ISO instant the service reads. */
function isoOf(local: string): string | undefined {
  if (local.trim() === '') return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

interface RecoverFormProps {
  apiKey: ApiKeyCredentials;
  endpointId: string;
}

/** Queues again every failed message of the endpoint created in the window. */
export function RecoverForm({ apiKey, endpointId }: RecoverFormProps) {
  const recovering = useRecoverMessages(apiKey, endpointId);
  const byContract = contractResolver<Values, RecoverRequest>(recoverWebhookMessagesRequest, {
    build: (values) => ({
      request: { endpointId, since: isoOf(values.since), until: isoOf(values.until) },
    }),
    fieldOf: (path) => (path[0] === 'since' || path[0] === 'until' ? path[0] : undefined),
  });
  const form = useForm<Values, unknown, RecoverRequest>({
    defaultValues: { since: '', until: '' },
    resolver: async (values, context, options) =>
      // The contract's "required" reads oddly for a date picker; say what to pick.
      values.since.trim() === ''
        ? {
            values: {},
            errors: { since: { type: 'required', message: 'must be a date and time' } },
          }
        : byContract(values, context, options),
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Recover failed messages"
        className="space-y-3"
        onSubmit={(event) => void form.handleSubmit((request) => recovering.mutate(request))(event)}
      >
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FormField name="since" label="Failed since" type="datetime-local" step={1} />
          <FormField
            name="until"
            label="Until (optional)"
            formatError={(message) => fieldMessage('Until', message)}
            type="datetime-local"
            step={1}
          />
          <CallButton
            endpoint={recoverFailedAdvancedWebhookMessages}
            type="submit"
            variant="secondary"
            disabled={recovering.isPending}
          >
            {recovering.isPending ? 'Recovering…' : 'Recover failed'}
          </CallButton>
        </div>
        <UnshownErrors />
        <FormAlert message={recovering.isError ? errorMessage(recovering.error) : undefined} />
      </form>
    </FormProvider>
  );
}
