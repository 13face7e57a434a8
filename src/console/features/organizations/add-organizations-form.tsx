import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import {
  type AddOrganizationsRequest,
  addOrganizationsRequest,
} from '../../../contract/organizations';
import { Button } from '../../components/button';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormField } from '../../components/form-fields';
import { ItemResults } from '../../components/item-results';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useAddOrganizations } from './use-organization-changes';

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
    resolver: zodResolver(addOrganizationsRequest),
    defaultValues: { organizations: [blank] },
  });
  const rows = useFieldArray({ control: form.control, name: 'organizations' });
  const listError = form.formState.errors.organizations?.root?.message;

  if (adding.data) {
    return (
      <div className="space-y-4">
        <ItemResults results={adding.data} label="Results of adding organizations" />
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
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
        <div className="-mx-1 max-h-[calc(100dvh-18rem)] space-y-3 overflow-y-auto px-1 pb-1">
          {rows.fields.map((row, index) => (
            <fieldset key={row.id} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <legend className="sr-only">Organization {index + 1}</legend>
              <FormField
                name={`organizations.${index}.organizationId`}
                label={`Organization ID ${index + 1}`}
                autoComplete="off"
              />
              <FormField
                name={`organizations.${index}.organizationName`}
                label={`Name ${index + 1}`}
                autoComplete="off"
              />
              <Button
                variant="secondary"
                size="sm"
                disabled={rows.fields.length === 1}
                onClick={() => rows.remove(index)}
                aria-label={`Remove organization ${index + 1}`}
              >
                Remove
              </Button>
            </fieldset>
          ))}
        </div>
        <Button variant="secondary" size="sm" onClick={() => rows.append(blank)}>
          Add another
        </Button>
        <CreateFormFooter
          creating={adding}
          formMessage={listError}
          submitLabel={rows.fields.length === 1 ? 'Add organization' : 'Add organizations'}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
