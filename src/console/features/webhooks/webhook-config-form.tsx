import { useForm, useWatch } from 'react-hook-form';
import type { AdvancedWebhookConfig } from '../../../contract/webhooks';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { FormSaveBar } from '../../components/form-save-bar';
import { SwitchField } from '../../components/switch-field';
import { TextareaField } from '../../components/textarea-field';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { errorMessage } from '../../lib/api-error';
import { fieldMessage } from '../../lib/format';
import { configResolver } from './config-resolver';
import { type ConfigRequest, type ConfigValues, configValues } from './config-values';
import { EnableConsequences } from './enable-consequences';
import { useUpdateWebhookConfig } from './use-update-webhook-config';

const publicKeyLabel = 'Public key';

interface WebhookConfigFormProps {
  apiKeyId: string;
  config: AdvancedWebhookConfig;
}

export function WebhookConfigForm({ apiKeyId, config }: WebhookConfigFormProps) {
  const saving = useUpdateWebhookConfig(apiKeyId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ConfigValues, unknown, ConfigRequest>({
    defaultValues: configValues(config),
    // Built per check, since the saved values are what "changed" is measured against.
    resolver: (values, context, options) => configResolver(config)(values, context, options),
  });
  const [isEnabled, encryptData] = useWatch({ control, name: ['isEnabled', 'encryptData'] });

  return (
    <form
      noValidate
      aria-label="Advanced webhook configuration"
      onSubmit={(event) =>
        void handleSubmit((request) =>
          saving.mutate(request, { onSuccess: (saved) => reset(configValues(saved)) }),
        )(event)
      }
    >
      <UnsavedChangesGuard when={isDirty && !saving.isPending} />
      <Card className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">Configuration</h2>
          <Badge tone={config.isEnabled ? 'success' : 'neutral'}>
            {config.isEnabled ? 'On' : 'Off'}
          </Badge>
        </div>
        <SwitchField
          label="Advanced webhooks"
          description="Deliver the events of this API key to its endpoints."
          id="webhooks-enabled"
          aria-describedby="webhooks-enabled-description webhooks-consequences"
          {...register('isEnabled')}
        />
        <EnableConsequences saved={config.isEnabled} chosen={isEnabled} />
        <fieldset className="space-y-4 border-t border-border pt-4">
          <legend className="sr-only">Payload protection</legend>
          <h3 className="text-sm font-semibold" aria-hidden="true">
            Payload protection
          </h3>
          <SwitchField
            label="Encode payloads"
            description="Send { encodedPayload } with the event as base64 JSON instead of the event itself."
            {...register('encodeData')}
          />
          <SwitchField
            label="Encrypt payloads"
            description="Send { encryptedData, encryptedKey, iv }: the event in AES-256-CBC, its key encrypted with RSA-OAEP (SHA-256) under your public key."
            {...register('encryptData')}
          />
          {encryptData || config.publicKey !== '' ? (
            <TextareaField
              label={publicKeyLabel}
              description="An RSA public key of 2048 bits or more: PEM (BEGIN PUBLIC KEY or BEGIN RSA PUBLIC KEY), or its base64 body. Never a private key."
              rows={6}
              spellCheck={false}
              placeholder="-----BEGIN PUBLIC KEY-----"
              error={fieldMessage(publicKeyLabel, errors.publicKey?.message)}
              {...register('publicKey')}
            />
          ) : null}
          <SwitchField
            label="Data protection"
            description="Turns on the service's data-protection option for the payloads of this key."
            {...register('enableDataProtection')}
          />
        </fieldset>
        <FormSaveBar
          message={saving.isError ? errorMessage(saving.error) : errors.root?.message}
          dirty={isDirty}
          saving={saving.isPending}
          onDiscard={() => {
            saving.reset();
            reset(configValues(config));
          }}
          saveLabel="Save configuration"
        />
      </Card>
    </form>
  );
}
