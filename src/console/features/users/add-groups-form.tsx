import { FormProvider, useForm } from 'react-hook-form';
import { type AddUserGroupsRequest, addUserGroupsRequest } from '#contract/organizations';
import { CreateFormFooter } from '../../components/create-form-footer';
import { ItemResultsStep } from '../../components/item-results';
import { ItemRows } from '../../components/item-rows';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useAddGroups } from './use-user-changes';
import { contractResolver } from '../../lib/contract-resolver';

const fields = [
  { name: 'groupId', label: 'Group ID' },
  { name: 'groupName', label: 'Group name' },
];
const blank = { groupId: '', groupName: '' };

interface AddGroupsFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  onClose: () => void;
}

/** User groups of the organization, several at once, then each group's result. */
export function AddGroupsForm({ apiKey, organizationId, onClose }: AddGroupsFormProps) {
  const adding = useAddGroups(apiKey);
  const form = useForm<AddUserGroupsRequest>({
    resolver: contractResolver(addUserGroupsRequest),
    defaultValues: { organizationId, organizationUserGroups: [blank] },
  });
  if (adding.data) {
    return (
      <ItemResultsStep results={adding.data} label="Results of adding groups" onDone={onClose} />
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New groups"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((request) => adding.mutate(request))(event)}
      >
        <ItemRows list="organizationUserGroups" fields={fields} blank={blank} />
        <CreateFormFooter
          creating={adding}
          messageOf="organizationUserGroups"
          submitLabel="Add groups"
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
