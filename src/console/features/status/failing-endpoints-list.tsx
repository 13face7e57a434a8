import { Link } from '@tanstack/react-router';
import type { FailingEndpoint } from '#contract/status';
import { MAX_COUNTED_FAILING_MESSAGES } from '#contract/status';
import { Badge } from '../../components/badge';
import { TimeText } from '../../components/time-text';

const stateLabels: Record<FailingEndpoint['state'], string> = {
  disabled: 'Disabled',
  circuit_open: 'Circuit open',
  failing: 'Failing',
};

function EndpointLink({ endpoint }: { endpoint: FailingEndpoint }) {
  const className = 'font-mono text-sm break-all text-accent hover:underline';
  // A basic webhook service URL has no page of its own: it is set on the key's service page.
  if (endpoint.kind !== 'advanced') {
    return (
      <Link
        to="/keys/$apiKeyId/webhook-service"
        params={{ apiKeyId: endpoint.apiKeyId }}
        className={className}
      >
        {endpoint.url}
      </Link>
    );
  }
  return (
    <Link
      to="/keys/$apiKeyId/webhooks/$endpointId"
      params={{ apiKeyId: endpoint.apiKeyId, endpointId: endpoint.endpointId }}
      className={className}
    >
      {endpoint.url}
    </Link>
  );
}

const countText = (n: number) =>
  n >= MAX_COUNTED_FAILING_MESSAGES ? `${n}+ messages waiting` : `${n} waiting`;

/** The workspace's endpoints that do not deliver, longest failing first, each to its page. */
export function FailingEndpointsList({ endpoints }: { endpoints: readonly FailingEndpoint[] }) {
  if (endpoints.length === 0) {
    return <p className="text-sm text-muted">Every endpoint is delivering.</p>;
  }
  return (
    <ul className="divide-y divide-border" aria-label="Failing endpoints">
      {endpoints.map((endpoint) => (
        <li key={endpoint.endpointId} className="space-y-1 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={endpoint.state === 'disabled' ? 'neutral' : 'danger'}>
              {stateLabels[endpoint.state]}
            </Badge>
            <EndpointLink endpoint={endpoint} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted">
            <dt>API key</dt>
            <dd className="font-mono break-all">{endpoint.apiKeyId}</dd>
            <dt>Since</dt>
            <dd>
              <TimeText at={endpoint.since} />
            </dd>
            {endpoint.failingMessages > 0 ? (
              <>
                <dt>Backlog</dt>
                <dd>{countText(endpoint.failingMessages)} after a failed attempt</dd>
              </>
            ) : null}
            {endpoint.lastError ? (
              <>
                <dt>Last error</dt>
                <dd className="break-words text-danger">{endpoint.lastError}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
