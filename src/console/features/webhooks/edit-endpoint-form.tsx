import {
  type AdvancedWebhookEndpoint,
  updateAdvancedWebhookEndpoint,
  updateWebhookEndpointRequest,
} from '#contract/webhooks';
import { Card } from '../../components/card';
import { SettingsForm } from '../../components/settings-form';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSettingsForm } from '../../lib/use-settings-form';
import { EndpointFields } from './endpoint-fields';
import { endpointResolver } from './endpoint-resolver';
import { type UpdateRequest, endpointValues, updateRequest } from './endpoint-values';
import { useUpdateEndpoint } from './use-update-endpoint';

/**
 * `disabled` is the status switch's alone: the saved value stands in for it here, so a save never
 * undoes a toggle made meanwhile.
 */
function editResolver(saved: AdvancedWebhookEndpoint) {
  return endpointResolver<UpdateRequest>(updateWebhookEndpointRequest, (values) =>
    updateRequest({ ...values, disabled: saved.disabled }, saved),
  );
}

/** Sends only the fields that differ from the saved endpoint. */
export function EditEndpointForm({
  apiKey,
  endpoint,
}: {
  apiKey: ApiKeyCredentials;
  endpoint: AdvancedWebhookEndpoint;
}) {
  const settings = useSettingsForm({
    saved: endpoint,
    toValues: endpointValues,
    resolver: editResolver,
    mutation: useUpdateEndpoint(apiKey, { success: 'Endpoint saved' }),
    endpoint: updateAdvancedWebhookEndpoint,
    savedAfter: (saved) => saved,
  });
  return (
    <SettingsForm settings={settings} label="Edit endpoint">
      <Card className="space-y-5">
        <h2 className="text-base font-semibold">Settings</h2>
        <EndpointFields apiKey={apiKey} />
      </Card>
    </SettingsForm>
  );
}
