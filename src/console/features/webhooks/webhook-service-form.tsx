import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { type WebhookService, updateWebhookServiceConfig } from '#contract/webhook-service';
import { Card } from '../../components/card';
import { FormField, FormSwitchField } from '../../components/form-fields';
import { SettingsForm } from '../../components/settings-form';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSettingsForm } from '../../lib/use-settings-form';
import { ConfigHeading, PayloadProtectionFields } from './payload-protection-fields';
import { serviceResolver } from './service-resolver';
import { ServiceTriggersField } from './service-triggers-field';
import { type ServiceValues, serviceValues } from './service-values';
import { useUpdateWebhookService } from './use-update-webhook-service';

interface WebhookServiceFormProps {
  apiKey: ApiKeyCredentials;
  config: WebhookService;
}

/** A refusal naming a field of the configuration: `data.webhookServiceConfig.<field> <rule>`. */
const FIELD_REFUSAL = /^data\.webhookServiceConfig\.([A-Za-z]+) (.+?)\.?$/;

/** A token masked by the service, or its masked nothing: whether one is stored. */
const hasToken = (masked: string) => masked !== '' && masked !== '••••';

export function WebhookServiceForm({ apiKey, config }: WebhookServiceFormProps) {
  const settings = useSettingsForm({
    saved: config,
    toValues: serviceValues,
    resolver: serviceResolver,
    mutation: useUpdateWebhookService(apiKey),
    endpoint: updateWebhookServiceConfig,
    savedAfter: (saved) => saved,
  });
  const { setError } = settings.form;
  // The service's refusal of one field (a private address, a key it cannot read) shows at it.
  useEffect(() => {
    const refusal = settings.message ? FIELD_REFUSAL.exec(settings.message) : null;
    const [, field, rule] = refusal ?? [];
    if (field && rule && field in serviceValues(config)) {
      setError(field as keyof ServiceValues, { type: 'server', message: rule });
    }
  }, [settings.message, setError, config]);
  const [useService, encryptData] = useWatch({
    control: settings.form.control,
    name: ['useWebhookService', 'encryptData'],
  });
  const token = config.webhookServiceConfig.authToken;

  return (
    <SettingsForm settings={settings} label="Webhook service" saveLabel="Save webhook service">
      <Card className="space-y-5">
        <ConfigHeading on={config.useWebhookService} />
        <FormSwitchField
          name="useWebhookService"
          label="Webhook service"
          description={
            useService
              ? 'Each event of a trigger that is on is POSTed to the raw URL; each notification the service creates to the processed URL.'
              : 'Off: nothing is sent. Turning it on the first time turns the comment and huddle triggers on.'
          }
        />
        <FormField
          name="rawNotificationUrl"
          label="Raw notification URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/raw"
          description="Receives each event in the basic payload (actionType newlyAdded, added, …). Empty for none."
        />
        <FormField
          name="processedNotificationUrl"
          label="Processed notification URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/processed"
          description="Receives each notification Add Notifications creates. Empty for none."
        />
        <div className="space-y-2">
          <p className="text-sm">
            <span className="font-medium">Stored auth token: </span>
            {hasToken(token) ? (
              <code className="font-mono" data-testid="stored-token">
                {token}
              </code>
            ) : (
              <span className="text-muted">none</span>
            )}
          </p>
          <FormField
            name="authToken"
            label={hasToken(token) ? 'Replace the auth token' : 'Auth token'}
            type="password"
            autoComplete="off"
            description="Sent as Authorization: Basic <token> with every delivery. Stored encrypted and never shown again; leave blank to keep the stored one."
          />
        </div>
        <PayloadProtectionFields
          showPublicKey={encryptData || config.webhookServiceConfig.publicKey !== ''}
        />
        <fieldset className="space-y-3 border-t border-border pt-4">
          <legend className="text-sm font-semibold">Triggers</legend>
          <ServiceTriggersField />
        </fieldset>
      </Card>
    </SettingsForm>
  );
}
