import { FormDialog } from '../../components/form-dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { CreateEndpointForm } from './create-endpoint-form';
import { createAdvancedWebhookEndpoint } from '#contract/webhooks';

export function CreateEndpointDialog({ apiKey }: { apiKey: ApiKeyCredentials }) {
  return (
    <FormDialog
      label="Create endpoint"
      endpoint={createAdvancedWebhookEndpoint}
      title="Create a webhook endpoint"
      description="The service signs every delivery with a secret it generates for the endpoint; read it on the endpoint's page."
    >
      {(close) => <CreateEndpointForm apiKey={apiKey} onCancel={close} onCreated={close} />}
    </FormDialog>
  );
}
