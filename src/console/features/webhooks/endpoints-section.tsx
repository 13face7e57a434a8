import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { CreateEndpointDialog } from './create-endpoint-dialog';
import { EndpointsTable } from './endpoints-table';
import { webhookQueries } from './queries';
import { QueryError } from './query-error';

interface EndpointsSectionProps {
  apiKeyId: string;
  /** The saved switch: the service refuses new endpoints while advanced webhooks are off. */
  webhooksEnabled: boolean;
}

export function EndpointsSection({ apiKeyId, webhooksEnabled }: EndpointsSectionProps) {
  const endpoints = useQuery(webhookQueries.endpoints(apiKeyId));

  let body;
  if (endpoints.isPending) {
    body = (
      <div aria-busy="true" className="space-y-2">
        <p role="status" className="sr-only">
          Loading the endpoints…
        </p>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (endpoints.isError) {
    body = <QueryError error={endpoints.error} onRetry={() => void endpoints.refetch()} />;
  } else if (endpoints.data.length === 0) {
    body = (
      <div className="rounded-md border border-dashed border-border p-6 text-center">
        <p className="font-medium">No endpoints yet</p>
        <p className="mt-1 text-sm text-muted">
          {webhooksEnabled
            ? 'Create one to start receiving the events of this API key.'
            : 'Turn advanced webhooks on above, then create an endpoint.'}
        </p>
      </div>
    );
  } else {
    body = <EndpointsTable endpoints={endpoints.data} />;
  }

  return (
    <Card className="space-y-4">
      <section aria-labelledby="webhook-endpoints-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="webhook-endpoints-heading" className="text-base font-semibold">
              Endpoints
            </h2>
            <p className="text-sm text-muted">Where the events of this API key are delivered.</p>
          </div>
          {webhooksEnabled ? <CreateEndpointDialog apiKeyId={apiKeyId} /> : null}
        </div>
        {body}
      </section>
    </Card>
  );
}
