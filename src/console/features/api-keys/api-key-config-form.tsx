import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { updateApiKeyConfigRequest } from '../../../contract/api-keys';
import type { AccessType } from '../../../contract/common';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { FormSaveBar } from '../../components/form-save-bar';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { errorMessage } from '../../lib/api-error';
import { schemaResolver } from '../../lib/schema-resolver';
import { AiKeysFieldset } from './ai-keys-fieldset';
import {
  type ConfigRequest,
  type ConfigValues,
  changedConfig,
  configFieldOf,
  configValues,
  mergeEcho,
} from './config-values';
import { apiKeyQueries } from './queries';
import { useUpdateApiKeyConfig } from './use-update-api-key-config';

const accessTypes: readonly { value: AccessType; label: string }[] = [
  { value: 'public', label: 'Public: anyone with the link' },
  { value: 'restricted', label: 'Restricted: only users given access' },
  { value: 'organizationPrivate', label: 'Organization private: members of the organization' },
];

export function ApiKeyConfigForm({ apiKeyId }: { apiKeyId: string }) {
  const { data: config } = useSuspenseQuery(apiKeyQueries.config(apiKeyId));
  const saving = useUpdateApiKeyConfig(apiKeyId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ConfigValues, unknown, ConfigRequest>({
    defaultValues: configValues(config),
    // Built per check, since the saved values are what "changed" is measured against.
    resolver: (values, context, options) =>
      schemaResolver<ConfigValues, ConfigRequest>(
        updateApiKeyConfigRequest,
        (v) => changedConfig(v, config),
        configFieldOf(values),
      )(values, context, options),
  });

  return (
    <form
      noValidate
      aria-label="API key configuration"
      className="space-y-6"
      onSubmit={(event) =>
        void handleSubmit((request) =>
          saving.mutate(request, {
            onSuccess: (echo) => reset(configValues(mergeEcho(config, echo))),
          }),
        )(event)
      }
    >
      <UnsavedChangesGuard when={isDirty && !saving.isPending} />
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
        <SelectField
          label="Default document access"
          description="The access a new document gets when its creator does not choose one."
          options={accessTypes}
          {...register('defaultDocumentAccessType')}
        />
        <SwitchField
          label="Private comments"
          description="Lets users write comments that only some users can see."
          {...register('enablePrivateComments')}
        />
        <SwitchField
          label="Require a JWT"
          description="The client SDK must authenticate every end user with a signed JWT."
          {...register('requireJwtToken')}
        />
        <SwitchField
          label="Add users to organizations automatically"
          description="A user is added to the organization the first time they open one of its documents."
          {...register('requireAutoOrgUser')}
        />
      </Card>
      <Card>
        <AiKeysFieldset
          control={control}
          register={register}
          errors={errors.aiKeys}
          stored={config.aiModelsConfig}
        />
      </Card>
      <FormSaveBar
        message={saving.isError ? errorMessage(saving.error) : errors.root?.message}
        dirty={isDirty}
        saving={saving.isPending}
        onDiscard={() => {
          saving.reset();
          reset(configValues(config));
        }}
      />
    </form>
  );
}
