import type { AdvancedWebhookEndpoint } from '#contract/webhooks';
import { Card } from '../../components/card';
import { IdText } from '../../components/id-text';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { EndpointSecret } from './endpoint-secret';
import { EndpointStatusSwitch } from './endpoint-status-switch';
import { formatTime } from '../../lib/format-time';
import { RotateSecretDialog } from './rotate-secret-dialog';

/** Who the endpoint is, whether it receives deliveries, and the secret its deliveries carry. */
export function EndpointSummary({
  apiKey,
  endpoint,
}: {
  apiKey: ApiKeyCredentials;
  endpoint: AdvancedWebhookEndpoint;
}) {
  return (
    <Card className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold wrap-anywhere">{endpoint.url}</h2>
        {endpoint.description ? <p className="text-sm text-muted">{endpoint.description}</p> : null}
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Endpoint ID</dt>
        <dd className="min-w-0 text-xs">
          <IdText value={endpoint.id} label="endpoint ID" />
        </dd>
        <dt className="font-medium">Signing secret</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <EndpointSecret apiKey={apiKey} endpointId={endpoint.id} />
          <RotateSecretDialog apiKey={apiKey} endpointId={endpoint.id} />
        </dd>
        <dt className="font-medium">Created</dt>
        <dd>
          <time dateTime={endpoint.createdAt}>{formatTime(endpoint.createdAt)}</time>
        </dd>
        <dt className="font-medium">Updated</dt>
        <dd>
          <time dateTime={endpoint.updatedAt}>{formatTime(endpoint.updatedAt)}</time>
        </dd>
      </dl>
      <div className="border-t border-border pt-4">
        <EndpointStatusSwitch apiKey={apiKey} endpoint={endpoint} />
      </div>
    </Card>
  );
}
