import { FormDialog } from '../../components/form-dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { AddOrganizationsForm } from './add-organizations-form';
import { addOrganizations } from '#contract/organizations';

export function AddOrganizationsDialog({ apiKey }: { apiKey: ApiKeyCredentials }) {
  return (
    <FormDialog
      label="Add organizations"
      endpoint={addOrganizations}
      title="Add organizations"
      description="Each organization needs an ID and a name; an ID the key already has is refused, the others are added."
    >
      {(close) => <AddOrganizationsForm apiKey={apiKey} onClose={close} />}
    </FormDialog>
  );
}
