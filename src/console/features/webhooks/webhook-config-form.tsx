import { useWatch } from 'react-hook-form';
import { type AdvancedWebhookConfig, updateAdvancedWebhookConfig } from '#contract/webhooks';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { FormSwitchField, FormTextareaField } from '../../components/form-fields';
import { SettingsForm } from '../../components/settings-form';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSettingsForm } from '../../lib/use-settings-form';
import { configResolver } from './config-resolver';
import { configValues } from './config-values';
import { EnableConsequences } from './enable-consequences';
import { useUpdateWebhookConfig } from './use-update-webhook-config';

interface WebhookConfigFormProps {
  apiKey: ApiKeyCredentials;
  config: AdvancedWebhookConfig;
}

export function WebhookConfigForm({ apiKey, config }: WebhookConfigFormProps) {
  const settings = useSettingsForm({
    saved: config,
    toValues: configValues,
    resolver: configResolver,
    mutation: useUpdateWebhookConfig(apiKey),
    endpoint: updateAdvancedWebhookConfig,
    savedAfter: (saved) => saved,
  });
  const [isEnabled, encryptData] = useWatch({
    control: settings.form.control,
    name: ['isEnabled', 'encryptData'],
  });

  return (
    <SettingsForm
      settings={settings}
      label="Advanced webhook configuration"
      saveLabel="Save configuration"
    >
      <Card className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">Configuration</h2>
          <Badge tone={config.isEnabled ? 'success' : 'neutral'}>
            {config.isEnabled ? 'On' : 'Off'}
          </Badge>
        </div>
        <FormSwitchField
          name="isEnabled"
          label="Advanced webhooks"
          description="Deliver the events of this API key to its endpoints."
          id="webhooks-enabled"
          aria-describedby="webhooks-enabled-description webhooks-consequences"
        />
        <EnableConsequences saved={config.isEnabled} chosen={isEnabled} />
        <fieldset className="space-y-4 border-t border-border pt-4">
          <legend className="sr-only">Payload protection</legend>
          <h3 className="text-sm font-semibold" aria-hidden="true">
            Payload protection
          </h3>
          <FormSwitchField
            name="encodeData"
            label="Encode payloads"
            description="Send { encodedPayload } with the event as base64 JSON instead of the event itself."
          />
          <FormSwitchField
            name="encryptData"
            label="Encrypt payloads"
            description="Send { encryptedData, encryptedKey, iv }: the event in AES-256-CBC, its key encrypted with RSA-OAEP (SHA-256) under your public key."
          />
          {encryptData || config.publicKey !== '' ? (
            <FormTextareaField
              name="publicKey"
              label="Public key"
              description="An RSA public key of 2048 bits or more: PEM (BEGIN PUBLIC KEY or BEGIN RSA PUBLIC KEY), or its base64 body. Never a private key."
              rows={6}
              spellCheck={false}
              placeholder="-----BEGIN PUBLIC KEY-----"
            />
          ) : null}
          <FormSwitchField
            name="enableDataProtection"
            label="Data protection"
            description="Turns on the service's data-protection option for the payloads of this key."
          />
        </fieldset>
      </Card>
    </SettingsForm>
  );
}
