import { FormDialog } from '../../components/form-dialog';
import { CreateApiKeyForm } from './create-api-key-form';
import { createApiKey } from '#contract/api-keys';

export function CreateApiKeyDialog({ workspaceId }: { workspaceId: string }) {
  return (
    <FormDialog
      label="Create API key"
      endpoint={createApiKey}
      title="Create an API key"
      description="Applications call the service with an API key and its auth token. The new key gets a token of its own."
    >
      {(close) => <CreateApiKeyForm workspaceId={workspaceId} onCancel={close} onCreated={close} />}
    </FormDialog>
  );
}
