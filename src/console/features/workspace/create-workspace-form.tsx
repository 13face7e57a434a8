import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Workspace } from '#contract/workspace';
import { createWorkspaceRequest } from '#contract/workspace-access';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormField } from '../../components/form-fields';
import { contractResolver } from '../../lib/contract-resolver';
import { tidyValues } from '../../lib/form-values';
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
    resolver: contractResolver(createWorkspaceRequest, {
      build: (values) => ({ request: tidyValues(values, ['name', 'workspaceName', 'avatar']) }),
    }),
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
        <CreateFormFooter creating={creating} submitLabel="Create workspace" onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
