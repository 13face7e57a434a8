import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { QueryState } from '../../components/query-state';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import { Skeleton } from '../../components/skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { DeleteEndpointDialog } from './delete-endpoint-dialog';
import { DeliveryLog } from './delivery-log';
import { EditEndpointForm } from './edit-endpoint-form';
import { EndpointSummary } from './endpoint-summary';
import { EndpointHealthPanel } from './endpoint-health-panel';
import type { MessagesSearch } from './endpoints-search';
import { webhookQueries } from './queries';
import { RecoverForm } from './recover-form';
import { TestEventForm } from './test-event-form';

// Its charts and table load beside the page, not with it: the page's own chunks sit at their budget
// (scripts/bundle-budget.mjs), and the figures come from a query of their own anyway.
const EndpointStats = lazy(async () => ({
  default: (await import('./endpoint-stats')).EndpointStats,
}));

/** The statistics card's frame while its code loads, so that nothing below it moves twice. */
function StatsPending() {
  return (
    <Card className="space-y-4" aria-busy="true">
      <h2 className="text-base font-semibold">Delivery statistics</h2>
      <Skeleton className="h-40 w-full" />
    </Card>
  );
}

interface EndpointPageProps {
  apiKey: ApiKeyCredentials;
  endpointId: string;
  search: MessagesSearch;
}

function EndpointNotFound({ apiKeyId, endpointId }: { apiKeyId: string; endpointId: string }) {
  return (
    <Card className="space-y-3">
      <h2 className="text-base font-semibold">Endpoint not found</h2>
      <p className="text-sm text-muted">
        This API key has no endpoint {endpointId}. It may have been deleted, or belong to another
        key.
      </p>
      <Link
        to="/keys/$apiKeyId/webhooks"
        params={{ apiKeyId }}
        className={buttonClasses('secondary', 'sm')}
      >
        All endpoints
      </Link>
    </Card>
  );
}

/** One endpoint: what it is, its secret, its settings, test events and its delivery log. */
export function EndpointPage({ apiKey, endpointId, search }: EndpointPageProps) {
  const detail = useQuery(webhookQueries.endpointDetail(apiKey, endpointId));
  return (
    <QueryState
      query={detail}
      loading="Loading the endpoint…"
      skeleton={<SettingsSkeleton rows={3} />}
    >
      {(endpoint) =>
        endpoint ? (
          <div className="space-y-6">
            <EndpointSummary apiKey={apiKey} endpoint={endpoint} />
            <EndpointHealthPanel apiKey={apiKey} endpoint={endpoint} />
            <Suspense fallback={<StatsPending />}>
              <EndpointStats apiKey={apiKey} endpointId={endpoint.id} />
            </Suspense>
            <Card className="space-y-6">
              <section aria-labelledby="delivery-log-heading" className="space-y-4">
                <h2 id="delivery-log-heading" className="text-base font-semibold">
                  Delivery log
                </h2>
                <TestEventForm apiKey={apiKey} endpointId={endpoint.id} />
                <DeliveryLog apiKey={apiKey} endpointId={endpoint.id} search={search} />
                <div className="space-y-2 border-t border-border pt-4">
                  <h3 className="text-sm font-semibold">Recover failed messages</h3>
                  <p className="text-sm text-muted">
                    Queues again, with a fresh retry schedule, every failed message created in the
                    window.
                  </p>
                  <RecoverForm apiKey={apiKey} endpointId={endpoint.id} />
                </div>
              </section>
            </Card>
            <EditEndpointForm apiKey={apiKey} endpoint={endpoint} />
            <Card className="space-y-3 border-danger">
              <h2 className="text-base font-semibold">Delete</h2>
              <p className="text-sm text-muted">
                Deleting stops every delivery to this endpoint and cannot be undone.
              </p>
              <DeleteEndpointDialog apiKey={apiKey} endpoint={endpoint} />
            </Card>
          </div>
        ) : (
          <EndpointNotFound apiKeyId={apiKey.id} endpointId={endpointId} />
        )
      }
    </QueryState>
  );
}
