import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateApiKey, updateApiKeyRequest } from '#contract/api-keys';
import type { ApiKeyEntry } from '#contract/workspace';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-fields';
import { contractResolver } from '../../lib/contract-resolver';
import { useRenameApiKey } from './use-rename-api-key';

type Values = { apiKeyName: string };

function RenameApiKeyForm({
  workspaceId,
  apiKey,
  onDone,
}: {
  workspaceId: string;
  /** The key of the row the dialog opened from: the form renames it, whatever the list does. */
  apiKey: ApiKeyEntry;
  onDone: () => void;
}) {
  const renaming = useRenameApiKey(workspaceId);
  const form = useForm<Values, unknown, z.output<typeof updateApiKeyRequest>>({
    resolver: contractResolver(updateApiKeyRequest, {
      build: (values) => ({
        request: { apiKey: apiKey.id, apiKeyName: values.apiKeyName.trim() },
      }),
      fieldOf: () => 'apiKeyName',
    }),
    defaultValues: { apiKeyName: apiKey.apiKeyName },
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={`Rename ${apiKey.apiKeyName}`}
        className="space-y-4"
        onSubmit={(event) =>
          void form.handleSubmit((request) => renaming.mutate(request, { onSuccess: onDone }))(
            event,
          )
        }
      >
        <FormField name="apiKeyName" label="Name" autoComplete="off" />
        <CreateFormFooter
          creating={renaming}
          submitLabel="Rename"
          pendingLabel="Renaming…"
          onCancel={onDone}
        />
      </form>
    </FormProvider>
  );
}

export function RenameApiKeyDialog({
  workspaceId,
  apiKey,
  describedBy,
}: {
  workspaceId: string;
  apiKey: ApiKeyEntry;
  describedBy: string;
}) {
  return (
    <FormDialog
      label="Rename"
      variant="secondary"
      size="sm"
      describedBy={describedBy}
      endpoint={updateApiKey}
      title={`Rename “${apiKey.apiKeyName}”`}
      description="The name is how the console and your team tell keys apart; clients go on calling with the same key and token."
    >
      {(close) => <RenameApiKeyForm workspaceId={workspaceId} apiKey={apiKey} onDone={close} />}
    </FormDialog>
  );
}
