import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { type AddOrganizationsRequest, addOrganizationsRequest } from '#contract/organizations';
import { CreateFormFooter } from '../../components/create-form-footer';
import { ItemRows } from '../../components/item-rows';
import { ItemResultsStep } from '../../components/item-results';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useAddOrganizations } from './use-organization-changes';
import { contractResolver } from '../../lib/contract-resolver';

const fields = [
  { name: 'organizationId', label: 'Organization ID' },
  { name: 'organizationName', label: 'Name' },
];
const blank = { organizationId: '', organizationName: '' };

interface AddOrganizationsFormProps {
  apiKey: ApiKeyCredentials;
  onClose: () => void;
}

/**
 * Several organizations at once, each checked by the contract's rules before sending; after the
 * call, each organization's own result (an id that exists is refused while the others are added).
 */
export function AddOrganizationsForm({ apiKey, onClose }: AddOrganizationsFormProps) {
  const adding = useAddOrganizations(apiKey);
  const form = useForm<AddOrganizationsRequest>({
    resolver: contractResolver(addOrganizationsRequest),
    defaultValues: { organizations: [blank] },
  });
  const count = useWatch({ control: form.control, name: 'organizations' }).length;

  if (adding.data) {
    return (
      <ItemResultsStep
        results={adding.data}
        label="Results of adding organizations"
        onDone={onClose}
      />
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New organizations"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((request) => adding.mutate(request))(event)}
      >
        <ItemRows list="organizations" fields={fields} blank={blank} />
        <CreateFormFooter
          creating={adding}
          messageOf="organizations"
          submitLabel={count === 1 ? 'Add organization' : 'Add organizations'}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
