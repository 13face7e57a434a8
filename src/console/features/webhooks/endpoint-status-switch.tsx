import { useState } from 'react';
import { type AdvancedWebhookEndpoint, updateAdvancedWebhookEndpoint } from '#contract/webhooks';
import { SwitchField } from '../../components/switch-field';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useMayCall } from '../../lib/use-may-call';
import { useUpdateEndpoint } from './use-update-endpoint';

/** Turns deliveries to one endpoint on or off at once; only `disabled` is sent. */
export function EndpointStatusSwitch({
  apiKey,
  endpoint,
}: {
  apiKey: ApiKeyCredentials;
  endpoint: AdvancedWebhookEndpoint;
}) {
  // A lone switch has no place for a message: a refusal is told in a toast.
  const updating = useUpdateEndpoint(apiKey, {
    inlineErrors: false,
    success: (saved) => (saved.disabled ? 'Endpoint disabled' : 'Endpoint enabled'),
  });
  // The admin's choice, shown from the click on (set in the event, so React never flips the switch
  // back in between) until the cached endpoint changes. Tying it to the endpoint's `updatedAt`
  // rather than to the request settling leaves no moment where the old state shows again between
  // the answer and the cache catching up; a refusal shows the saved state again.
  const [choice, setChoice] = useState<{ disabled: boolean; basis: string } | undefined>();
  const waiting = choice !== undefined && choice.basis === endpoint.updatedAt && !updating.isError;
  const disabled = waiting ? choice.disabled : endpoint.disabled;
  // A role that may not change the endpoint sees its state, and why it cannot switch it.
  const permission = useMayCall(updateAdvancedWebhookEndpoint);
  return (
    <SwitchField
      label="Receives deliveries"
      description={`${
        disabled
          ? endpoint.health?.disabledReason
            ? 'Disabled by the service: new events are not queued for it; its messages wait until it is enabled.'
            : 'Disabled: new events are not queued for it, and messages due now fail without an attempt.'
          : 'Enabled: events it subscribes to are delivered. Turning it off stops them at once.'
      }${permission.reason ? ` ${permission.reason}` : ''}`}
      checked={!disabled}
      disabled={updating.isPending || !permission.allowed}
      onChange={(event) => {
        const disable = !event.target.checked;
        setChoice({ disabled: disable, basis: endpoint.updatedAt });
        updating.mutate({ endpointId: endpoint.id, disabled: disable });
      }}
    />
  );
}
