import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import type { EndpointsSearch } from './endpoints-search';
import { EndpointsSection } from './endpoints-section';
import { webhookQueries } from './queries';
import { WebhookConfigForm } from './webhook-config-form';

interface WebhooksPageProps {
  apiKey: ApiKeyCredentials;
  search: EndpointsSearch;
}

/** The advanced webhooks of one API key: the configuration, then the endpoints. */
export function WebhooksPage({ apiKey, search }: WebhooksPageProps) {
  const config = useQuery(webhookQueries.config(apiKey));
  return (
    <QueryState
      query={config}
      loading="Loading the webhook configuration…"
      skeleton={<SettingsSkeleton />}
    >
      {(saved) => (
        <div className="space-y-6">
          <WebhookConfigForm apiKey={apiKey} config={saved} />
          <EndpointsSection apiKey={apiKey} webhooksEnabled={saved.isEnabled} search={search} />
        </div>
      )}
    </QueryState>
  );
}
