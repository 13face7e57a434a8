import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createWorkspaceRequest, type Workspace } from '../../../contract/workspace';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api-error';
import { requestResolver } from '../../lib/request-resolver';
import { useCreateWorkspace } from './use-create-workspace';

const labels = {
  ownerEmail: 'Owner e-mail',
  name: 'Owner name',
  workspaceName: 'Workspace name',
  avatar: 'Avatar URL',
} as const;

type Values = Record<keyof typeof labels, string>;

interface CreateWorkspaceFormProps {
  ownerEmail: string;
  baseUrl: string;
  onCreated: (workspace: Workspace) => void;
  onCancel: () => void;
}

/** Create Workspace's own rules refuse a bad field before anything is sent. */
export function CreateWorkspaceForm({
  ownerEmail,
  baseUrl,
  onCreated,
  onCancel,
}: CreateWorkspaceFormProps) {
  const creating = useCreateWorkspace(baseUrl);
  const form = useForm<Values, unknown, z.output<typeof createWorkspaceRequest>>({
    resolver: requestResolver(createWorkspaceRequest, ['name', 'workspaceName', 'avatar']),
    defaultValues: { ownerEmail, name: '', workspaceName: '', avatar: '' },
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New workspace"
        className="space-y-4"
        onSubmit={(event) =>
          void form.handleSubmit((request) => creating.mutate(request, { onSuccess: onCreated }))(
            event,
          )
        }
      >
        <FormField
          name="ownerEmail"
          label={labels.ownerEmail}
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
        <FormField
          name="name"
          label={labels.name}
          autoComplete="name"
          description="Optional. Defaults to the e-mail."
        />
        <FormField
          name="workspaceName"
          label={labels.workspaceName}
          description="Optional. Defaults to “<owner name> workspace”."
        />
        <FormField
          name="avatar"
          label={labels.avatar}
          type="url"
          inputMode="url"
          spellCheck={false}
          description="Optional. An http(s) address of the owner's picture."
        />
        <FormAlert message={creating.isError ? errorMessage(creating.error) : undefined} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={creating.isPending}>
            {creating.isPending ? 'Creating…' : 'Create workspace'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
