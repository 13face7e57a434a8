import { useWatch } from 'react-hook-form';
import { type EmailConfig, updateEmailConfig } from '#contract/email-service';
import { Card } from '#console/components/card';
import { FormField, FormSelectField, FormSwitchField } from '#console/components/form-fields';
import { SettingsForm } from '#console/components/settings-form';
import type { ApiKeyCredentials } from '#console/lib/api-key';
import { useSettingsForm } from '#console/lib/use-settings-form';
import { emailConfigResolver } from './email-config-resolver';
import { emailConfigValues } from './email-config-values';
import { useUpdateEmailConfig } from './use-email-service';

const providerOptions = [
  { value: 'default', label: 'This service’s mailer' },
  { value: 'sendgrid', label: 'SendGrid' },
];

interface EmailConfigFormProps {
  apiKey: ApiKeyCredentials;
  config: EmailConfig;
}

/** Update Email Config: on or off, the provider and its key, the sender, the triggers. */
export function EmailConfigForm({ apiKey, config }: EmailConfigFormProps) {
  const settings = useSettingsForm({
    saved: config,
    toValues: emailConfigValues,
    resolver: emailConfigResolver,
    mutation: useUpdateEmailConfig(apiKey),
    endpoint: updateEmailConfig,
    savedAfter: (saved) => saved,
  });
  const type = useWatch({ control: settings.form.control, name: 'type' });
  const storedKey = config.emailServiceConfig.apiKey;

  return (
    <SettingsForm settings={settings} label="E-mail service">
      <Card className="space-y-5">
        <h2 className="text-base font-semibold">Change</h2>
        <FormSwitchField
          name="useEmailService"
          label="Send e-mails"
          description="When on, each comment of a trigger below e-mails the users it mentions and the thread’s earlier authors whose address the organization knows, never its author."
        />
        <FormSelectField name="type" label="Provider" options={providerOptions} />
        {type === 'sendgrid' && (
          <FormField
            name="apiKey"
            label="SendGrid API key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={storedKey || 'SG.…'}
            description={
              storedKey
                ? `Stored: ${storedKey}. Type a new key to replace it; leave blank to keep it. It is never shown again.`
                : 'Sent to SendGrid’s relay as the password. It is stored encrypted and never shown again.'
            }
          />
        )}
        <FormField
          name="fromEmail"
          label="Sender address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="noreply@example.com"
          description={
            type === 'sendgrid'
              ? 'The From address; SendGrid must know it as a verified sender.'
              : 'Replies go here; the e-mail comes from this service’s own address.'
          }
        />
        <FormField
          name="fromCompany"
          label="Sender name"
          autoComplete="off"
          placeholder="Example Corp"
          description="The name the e-mails are from."
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Comment triggers</legend>
          <FormSwitchField
            name="triggers.annotationAdd"
            label="New thread (comment_annotation.add)"
            description="The comment that opens a thread."
          />
          <FormSwitchField
            name="triggers.commentAdd"
            label="Reply (comment.add)"
            description="Each later comment of a thread."
          />
        </fieldset>
      </Card>
    </SettingsForm>
  );
}
