import { useWatch } from 'react-hook-form';
import { type AdvancedWebhookConfig, updateAdvancedWebhookConfig } from '#contract/webhooks';
import { Card } from '../../components/card';
import { FormSwitchField } from '../../components/form-fields';
import { SettingsForm } from '../../components/settings-form';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSettingsForm } from '../../lib/use-settings-form';
import { configResolver } from './config-resolver';
import { configValues } from './config-values';
import { EnableConsequences } from './enable-consequences';
import { ConfigHeading, PayloadProtectionFields } from './payload-protection-fields';
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
        <ConfigHeading on={config.isEnabled} />
        <FormSwitchField
          name="isEnabled"
          label="Advanced webhooks"
          description="Deliver the events of this API key to its endpoints."
          id="webhooks-enabled"
          aria-describedby="webhooks-enabled-description webhooks-consequences"
        />
        <EnableConsequences saved={config.isEnabled} chosen={isEnabled} />
        <PayloadProtectionFields showPublicKey={encryptData || config.publicKey !== ''} />
        <FormSwitchField
          name="enableDataProtection"
          label="Data protection"
          description="Turns on the service's data-protection option for the payloads of this key."
        />
      </Card>
    </SettingsForm>
  );
}
