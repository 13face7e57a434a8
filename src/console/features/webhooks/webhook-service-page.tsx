import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/card';
import { QueryState } from '../../components/query-state';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { webhookQueries } from './queries';
import { ServiceDeliveryLog } from './service-delivery-log';
import { ServiceTestEvent } from './service-test-event';
import { WebhookServiceForm } from './webhook-service-form';

export function WebhookServicePage({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const config = useQuery(webhookQueries.service(apiKey));
  return (
    <QueryState
      query={config}
      loading="Loading the webhook service…"
      skeleton={<SettingsSkeleton rows={5} />}
    >
      {(saved) => (
        <div className="space-y-6">
          <WebhookServiceForm apiKey={apiKey} config={saved} />
          <Card className="space-y-4">
            <h2 className="text-base font-semibold">Deliveries</h2>
            <ServiceTestEvent apiKey={apiKey} config={saved} />
            <ServiceDeliveryLog apiKey={apiKey} />
          </Card>
        </div>
      )}
    </QueryState>
  );
}
