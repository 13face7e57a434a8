import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sendTestEmail, sendTestEmailRequest } from '#contract/email-service';
import { CallButton } from '#console/components/call-button';
import { Card } from '#console/components/card';
import { FormAlert } from '#console/components/form-alert';
import { FormField } from '#console/components/form-fields';
import { UnshownErrors } from '#console/components/unshown-errors';
import { errorMessage } from '#console/lib/api-error';
import type { ApiKeyCredentials } from '#console/lib/api-key';
import { contractResolver } from '#console/lib/contract-resolver';
import { useSendTestEmail } from './use-email-service';

type Values = { to: string };

/** Send Test Email: one e-mail through the saved provider, listed below with its outcome. */
export function SendTestEmailForm({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const sending = useSendTestEmail(apiKey);
  const form = useForm<Values, unknown, z.output<typeof sendTestEmailRequest>>({
    resolver: contractResolver(sendTestEmailRequest),
    defaultValues: { to: '' },
  });
  return (
    <Card>
      <FormProvider {...form}>
        <form
          noValidate
          aria-label="Send a test e-mail"
          className="space-y-4"
          onSubmit={(event) => void form.handleSubmit((request) => sending.mutate(request))(event)}
        >
          <h2 className="text-base font-semibold">Send a test e-mail</h2>
          <FormField
            name="to"
            label="Recipient"
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="you@example.com"
            description="Sent through the saved provider and sender, whether the service is on or not."
          />
          <UnshownErrors />
          <FormAlert message={sending.isError ? errorMessage(sending.error) : undefined} />
          <div className="flex justify-end">
            <CallButton type="submit" endpoint={sendTestEmail} disabled={sending.isPending}>
              {sending.isPending ? 'Sending…' : 'Send a test e-mail'}
            </CallButton>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}
