import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { type AddUsersRequest, addUsersRequest } from '#contract/users';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormField } from '../../components/form-fields';
import { ItemResultsStep } from '../../components/item-results';
import { ItemRows } from '../../components/item-rows';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useAddUsers } from './use-user-changes';
import { contractResolver } from '../../lib/contract-resolver';
import { trimStrings } from '../../lib/form-values';

const fields = [
  { name: 'userId', label: 'User ID' },
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'E-mail', type: 'email' as const },
];
const blank = { userId: '', name: '', email: '' };

/** Blank document and folder fields mean "none" (the contract refuses an empty ID). */
const resolver = contractResolver<AddUsersRequest, AddUsersRequest>(addUsersRequest, {
  build: (values) => {
    const { documentId, folderId, ...rest } = trimStrings(values);
    return {
      request: {
        ...rest,
        ...(documentId ? { documentId } : {}),
        ...(folderId ? { folderId } : {}),
      },
    };
  },
});

interface AddUsersFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  documentId: string | undefined;
  folderId: string | undefined;
  onClose: () => void;
}

/**
 * Users added to the organization, and also to a document or a folder when one is given (not
 * both: the contract says so before sending); then each user's result.
 */
export function AddUsersForm({
  apiKey,
  organizationId,
  documentId,
  folderId,
  onClose,
}: AddUsersFormProps) {
  const adding = useAddUsers(apiKey);
  const form = useForm<AddUsersRequest>({
    resolver,
    defaultValues: {
      organizationId,
      documentId: documentId ?? '',
      folderId: folderId ?? '',
      users: [blank],
    },
  });
  const count = useWatch({ control: form.control, name: 'users' }).length;
  if (adding.data) {
    return (
      <ItemResultsStep results={adding.data} label="Results of adding users" onDone={onClose} />
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New users"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((request) => adding.mutate(request))(event)}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField name="documentId" label="Also give access to document (optional)" />
          <FormField name="folderId" label="Or to folder (optional)" />
        </div>
        <ItemRows list="users" fields={fields} blank={blank} />
        <CreateFormFooter
          creating={adding}
          messageOf="users"
          submitLabel={count === 1 ? 'Add user' : 'Add users'}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
