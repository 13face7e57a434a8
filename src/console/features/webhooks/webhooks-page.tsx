import { useQuery } from '@tanstack/react-query';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import { EndpointsSection } from './endpoints-section';
import { webhookQueries } from './queries';
import { QueryError } from './query-error';
import { WebhookConfigForm } from './webhook-config-form';

/** The advanced webhooks of one API key: the configuration, then the endpoints. */
export function WebhooksPage({ apiKeyId }: { apiKeyId: string }) {
  const config = useQuery(webhookQueries.config(apiKeyId));
  if (config.isPending) return <SettingsSkeleton label="Loading the webhook configuration…" />;
  if (config.isError) {
    return <QueryError error={config.error} onRetry={() => void config.refetch()} />;
  }
  return (
    <div className="space-y-6">
      {/* Keyed by what was saved, so the form starts again from it after a background refresh. */}
      <WebhookConfigForm
        key={JSON.stringify(config.data)}
        apiKeyId={apiKeyId}
        config={config.data}
      />
      <EndpointsSection apiKeyId={apiKeyId} webhooksEnabled={config.data.isEnabled} />
    </div>
  );
}
