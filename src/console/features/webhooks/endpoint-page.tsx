import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import { DeleteEndpointDialog } from './delete-endpoint-dialog';
import { DeliveryLog } from './delivery-log';
import { EditEndpointForm } from './edit-endpoint-form';
import { EndpointSummary } from './endpoint-summary';
import { webhookQueries } from './queries';
import { QueryError } from './query-error';
import { RecoverForm } from './recover-form';
import { TestEventForm } from './test-event-form';

interface EndpointPageProps {
  apiKeyId: string;
  endpointId: string;
}

/** One endpoint: what it is, its secret, its settings, test events and its delivery log. */
export function EndpointPage({ apiKeyId, endpointId }: EndpointPageProps) {
  const endpoints = useQuery(webhookQueries.endpoints(apiKeyId));
  if (endpoints.isPending) return <SettingsSkeleton label="Loading the endpoint…" rows={3} />;
  if (endpoints.isError) {
    return <QueryError error={endpoints.error} onRetry={() => void endpoints.refetch()} />;
  }
  const endpoint = endpoints.data.find((candidate) => candidate.id === endpointId);
  if (!endpoint) {
    return (
      <Card className="space-y-3">
        <h2 className="text-base font-semibold">Endpoint not found</h2>
        <p className="text-sm text-muted">
          The API key in use has no endpoint {endpointId}. It may have been deleted, or belong to
          another key.
        </p>
        <Link to="/webhooks" className={buttonClasses('secondary', 'sm')}>
          All endpoints
        </Link>
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <EndpointSummary apiKeyId={apiKeyId} endpoint={endpoint} />
      <Card className="space-y-6">
        <section aria-labelledby="delivery-log-heading" className="space-y-4">
          <h2 id="delivery-log-heading" className="text-base font-semibold">
            Delivery log
          </h2>
          <TestEventForm apiKeyId={apiKeyId} endpointId={endpoint.id} />
          <DeliveryLog apiKeyId={apiKeyId} endpointId={endpoint.id} />
          <div className="space-y-2 border-t border-border pt-4">
            <h3 className="text-sm font-semibold">Recover failed messages</h3>
            <p className="text-sm text-muted">
              Queues again, with a fresh retry schedule, every failed message created in the window.
            </p>
            <RecoverForm apiKeyId={apiKeyId} endpointId={endpoint.id} />
          </div>
        </section>
      </Card>
      <EditEndpointForm apiKeyId={apiKeyId} endpoint={endpoint} />
      <Card className="space-y-3 border-danger">
        <h2 className="text-base font-semibold">Delete</h2>
        <p className="text-sm text-muted">
          Deleting stops every delivery to this endpoint and cannot be undone.
        </p>
        <DeleteEndpointDialog apiKeyId={apiKeyId} endpoint={endpoint} />
      </Card>
    </div>
  );
}
