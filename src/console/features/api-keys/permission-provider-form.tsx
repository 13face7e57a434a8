import { type PermissionProviderConfig, updatePermissionProviderConfig } from '#contract/api-keys';
import { Card } from '../../components/card';
import { FormField, FormSwitchField } from '../../components/form-fields';
import { SettingsForm } from '../../components/settings-form';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSettingsForm } from '../../lib/use-settings-form';
import { permissionProviderResolver } from './permission-provider-resolver';
import { permissionProviderValues } from './permission-provider-values';
import { useUpdatePermissionProvider } from './use-update-permission-provider';

interface PermissionProviderFormProps {
  apiKey: ApiKeyCredentials;
  config: PermissionProviderConfig;
}

export function PermissionProviderForm({ apiKey, config }: PermissionProviderFormProps) {
  const settings = useSettingsForm({
    saved: config,
    toValues: permissionProviderValues,
    resolver: permissionProviderResolver,
    mutation: useUpdatePermissionProvider(apiKey),
    endpoint: updatePermissionProviderConfig,
    savedAfter: (saved) => saved,
  });
  const storedToken = config.permissionProviderConfig.authToken;

  return (
    <SettingsForm settings={settings} label="Permission provider">
      <Card className="space-y-5">
        <h2 className="text-base font-semibold">Change</h2>
        <FormSwitchField
          name="usePermissionProvider"
          label="Use the permission provider"
          description="When on, the service asks your provider whether a user may open a document, instead of using the access stored here."
        />
        <FormField
          name="permissionProviderUrl"
          label="Provider URL"
          type="url"
          inputMode="url"
          placeholder="https://auth.example.com/permissions"
          description="Where the service sends access questions; https only, since each carries the token below."
        />
        <FormField
          name="authToken"
          label="Auth token"
          type="password"
          autoComplete="off"
          description={
            storedToken
              ? 'Sent to your provider as a bearer token. Leave blank to keep the stored one; it is never shown again.'
              : 'Sent to your provider as a bearer token. It is stored encrypted and never shown again.'
          }
        />
      </Card>
    </SettingsForm>
  );
}
