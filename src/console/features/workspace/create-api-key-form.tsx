import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createApiKeyRequest } from '#contract/api-keys';
import type { ApiKeyType } from '#contract/workspace';
import { FormField } from '../../components/form-fields';
import { CreateFormFooter } from '../../components/create-form-footer';
import { contractResolver } from '../../lib/contract-resolver';
import { tidyValues } from '../../lib/form-values';
import { useCreateApiKey } from './use-create-api-key';

// A type, not an interface: the form's values must read as a record of strings.
type Values = { type: ApiKeyType; apiKeyName: string };

const types: readonly { id: ApiKeyType; label: string; hint: string }[] = [
  { id: 'testing', label: 'Testing', hint: 'For development and tests; at most 10 per workspace.' },
  {
    id: 'production',
    label: 'Production',
    hint: 'For live traffic; puts the workspace on the paid plan.',
  },
];

interface CreateApiKeyFormProps {
  workspaceId: string;
  onCreated: (apiKey: string) => void;
  onCancel: () => void;
}

export function CreateApiKeyForm({ workspaceId, onCreated, onCancel }: CreateApiKeyFormProps) {
  const id = useId();
  const creating = useCreateApiKey(workspaceId);
  const form = useForm<Values, unknown, z.output<typeof createApiKeyRequest>>({
    resolver: contractResolver(createApiKeyRequest, {
      build: (values) => ({ request: tidyValues(values, ['apiKeyName']) }),
    }),
    defaultValues: { type: 'testing', apiKeyName: '' },
  });
  const { register, handleSubmit } = form;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New API key"
        className="space-y-4"
        onSubmit={(event) =>
          void handleSubmit((request) =>
            creating.mutate(request, { onSuccess: ({ apiKey }) => onCreated(apiKey) }),
          )(event)
        }
      >
        <fieldset>
          <legend className="text-sm font-medium">Type</legend>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
            {types.map((type) => (
              <label
                key={type.id}
                className="flex cursor-pointer gap-3 rounded-md border border-border p-3 has-checked:border-accent has-checked:ring-1 has-checked:ring-accent"
              >
                <input
                  type="radio"
                  value={type.id}
                  className="mt-1 accent-accent"
                  aria-describedby={`${id}-${type.id}`}
                  {...register('type')}
                />
                <span>
                  <span className="block text-sm font-medium">{type.label}</span>
                  <span id={`${id}-${type.id}`} className="block text-xs text-muted">
                    {type.hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormField
          name="apiKeyName"
          label="Name"
          description="Optional. Without one, the key is named after the owner's e-mail and its type."
        />
        <CreateFormFooter creating={creating} submitLabel="Create key" onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
