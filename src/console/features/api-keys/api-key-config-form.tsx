import { type ApiKeyConfig, updateApiKeyConfig } from '#contract/api-keys';
import type { AccessType } from '#contract/common';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { FormSelectField, FormSwitchField } from '../../components/form-fields';
import { SettingsForm } from '../../components/settings-form';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSettingsForm } from '../../lib/use-settings-form';
import { AiKeysFieldset } from './ai-keys-fieldset';
import { configResolver } from './config-resolver';
import { configValues, mergeEcho } from './config-values';
import { useUpdateApiKeyConfig } from './use-update-api-key-config';

const accessTypes: readonly { value: AccessType; label: string }[] = [
  { value: 'public', label: 'Public: anyone with the link' },
  { value: 'restricted', label: 'Restricted: only users given access' },
  { value: 'organizationPrivate', label: 'Organization private: members of the organization' },
];

interface ApiKeyConfigFormProps {
  apiKey: ApiKeyCredentials;
  config: ApiKeyConfig;
}

export function ApiKeyConfigForm({ apiKey, config }: ApiKeyConfigFormProps) {
  const settings = useSettingsForm({
    saved: config,
    toValues: configValues,
    resolver: configResolver,
    mutation: useUpdateApiKeyConfig(apiKey),
    endpoint: updateApiKeyConfig,
    savedAfter: (echo, saved) => mergeEcho(saved, echo),
  });

  return (
    <SettingsForm settings={settings} label="API key configuration">
      <Card className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">Settings</h2>
          <span className="flex items-center gap-2 text-sm text-muted">
            Plan{' '}
            <Badge tone={config.planInfo.type === 'paid' ? 'success' : 'neutral'}>
              {config.planInfo.type}
            </Badge>
          </span>
        </div>
        <FormSelectField
          name="defaultDocumentAccessType"
          label="Default document access"
          description="The access a new document gets when its creator does not choose one."
          options={accessTypes}
        />
        <FormSwitchField
          name="enablePrivateComments"
          label="Private comments"
          description="Lets users write comments that only some users can see."
        />
        <FormSwitchField
          name="requireJwtToken"
          label="Require a JWT"
          description="The client SDK must authenticate every end user with a signed JWT."
        />
        <FormSwitchField
          name="requireAutoOrgUser"
          label="Add users to organizations automatically"
          description="A user is added to the organization the first time they open one of its documents."
        />
      </Card>
      <Card>
        <AiKeysFieldset stored={config.aiModelsConfig} />
      </Card>
    </SettingsForm>
  );
}
