import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updatePermissionProviderConfigRequest } from '../../../contract/api-keys';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Field } from '../../components/field';
import { FormSaveBar } from '../../components/form-save-bar';
import { SwitchField } from '../../components/switch-field';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { errorMessage } from '../../lib/api-error';
import { fieldMessage } from '../../lib/format';
import { schemaResolver } from '../../lib/schema-resolver';
import {
  type PermissionProviderValues,
  changedPermissionProvider,
  permissionProviderFieldOf,
  permissionProviderValues,
} from './permission-provider-values';
import { apiKeyQueries } from './queries';
import { useUpdatePermissionProvider } from './use-update-permission-provider';

type Request = z.output<typeof updatePermissionProviderConfigRequest>;

const urlLabel = 'Provider URL';
const tokenLabel = 'Auth token';

export function PermissionProviderForm({ apiKeyId }: { apiKeyId: string }) {
  const { data: config } = useSuspenseQuery(apiKeyQueries.permissionProvider(apiKeyId));
  const saving = useUpdatePermissionProvider(apiKeyId);
  const storedToken = config.permissionProviderConfig.authToken;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<PermissionProviderValues, unknown, Request>({
    defaultValues: permissionProviderValues(config),
    resolver: (values, context, options) => {
      // Turning the provider on without an address would send every access question nowhere.
      if (values.usePermissionProvider && values.permissionProviderUrl.trim() === '') {
        return {
          values: {},
          errors: {
            permissionProviderUrl: {
              type: 'required',
              message: 'is required while the permission provider is on',
            },
          },
        };
      }
      return schemaResolver<PermissionProviderValues, Request>(
        updatePermissionProviderConfigRequest,
        (v) => changedPermissionProvider(v, config),
        permissionProviderFieldOf,
      )(values, context, options);
    },
  });

  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-base font-semibold">Now in effect</h2>
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
          <dt className="text-muted">Status</dt>
          <dd>
            <Badge tone={config.usePermissionProvider ? 'success' : 'neutral'}>
              {config.usePermissionProvider ? 'On' : 'Off'}
            </Badge>
          </dd>
          <dt className="text-muted">{urlLabel}</dt>
          <dd className="break-all">
            {config.permissionProviderConfig.permissionProviderUrl || (
              <span className="text-muted">Not set</span>
            )}
          </dd>
          <dt className="text-muted">{tokenLabel}</dt>
          <dd>
            {storedToken ? (
              <code className="font-mono text-xs">{storedToken}</code>
            ) : (
              <span className="text-muted">Not set</span>
            )}
          </dd>
        </dl>
      </Card>
      <form
        noValidate
        aria-label="Permission provider"
        className="space-y-6"
        onSubmit={(event) =>
          void handleSubmit((request) =>
            saving.mutate(request, {
              onSuccess: (saved) => reset(permissionProviderValues(saved)),
            }),
          )(event)
        }
      >
        <UnsavedChangesGuard when={isDirty && !saving.isPending} />
        <Card className="space-y-5">
          <h2 className="text-base font-semibold">Change</h2>
          <SwitchField
            label="Use the permission provider"
            description="When on, the service asks your provider whether a user may open a document, instead of using the access stored here."
            {...register('usePermissionProvider')}
          />
          <Field
            label={urlLabel}
            type="url"
            inputMode="url"
            placeholder="https://auth.example.com/permissions"
            description="Where the service sends access questions; https only, since each carries the token below."
            error={fieldMessage(urlLabel, errors.permissionProviderUrl?.message)}
            {...register('permissionProviderUrl')}
          />
          <Field
            label={tokenLabel}
            type="password"
            autoComplete="off"
            description={
              storedToken
                ? 'Sent to your provider as a bearer token. Leave blank to keep the stored one; it is never shown again.'
                : 'Sent to your provider as a bearer token. It is stored encrypted and never shown again.'
            }
            error={fieldMessage(tokenLabel, errors.authToken?.message)}
            {...register('authToken')}
          />
        </Card>
        <FormSaveBar
          message={saving.isError ? errorMessage(saving.error) : errors.root?.message}
          dirty={isDirty}
          saving={saving.isPending}
          onDiscard={() => {
            saving.reset();
            reset(permissionProviderValues(config));
          }}
        />
      </form>
    </div>
  );
}
