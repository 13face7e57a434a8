import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { type AddFolderRequest, ROOT_FOLDER, addFolderRequest } from '#contract/folders';
import { CreateFormFooter } from '../../components/create-form-footer';
import { ItemRows } from '../../components/item-rows';
import { ItemResultsStep } from '../../components/item-results';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useAddFolders } from './use-add-folders';
import { contractResolver } from '../../lib/contract-resolver';

const fields = [
  { name: 'folderId', label: 'Folder ID' },
  { name: 'folderName', label: 'Name' },
];

interface AddFoldersFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  /** The folder the new ones go under; `root` for the top level. */
  parentFolderId: string;
  onAdded: () => void;
  onClose: () => void;
}

/** Several folders under one parent, each checked by the contract before sending, then each one's result. */
export function AddFoldersForm({
  apiKey,
  organizationId,
  parentFolderId,
  onAdded,
  onClose,
}: AddFoldersFormProps) {
  const adding = useAddFolders(apiKey, onAdded);
  const blank = { folderId: '', folderName: '', parentFolderId };
  const form = useForm<AddFolderRequest>({
    resolver: contractResolver(addFolderRequest),
    defaultValues: { organizationId, folders: [blank] },
  });
  const count = useWatch({ control: form.control, name: 'folders' }).length;

  if (adding.data) {
    return (
      <ItemResultsStep results={adding.data} label="Results of adding folders" onDone={onClose} />
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New folders"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((request) => adding.mutate(request))(event)}
      >
        <ItemRows list="folders" fields={fields} blank={blank} />
        <CreateFormFooter
          creating={adding}
          messageOf="folders"
          submitLabel={count === 1 ? 'Add folder' : 'Add folders'}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}

export const underWhat = (organizationId: string, parentFolderId: string) =>
  parentFolderId === ROOT_FOLDER
    ? `At the top level of ${organizationId}`
    : `Under ${parentFolderId} in ${organizationId}`;
