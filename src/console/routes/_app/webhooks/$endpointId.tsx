import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeading } from '../../../components/page-heading';
import { EndpointPage } from '../../../features/webhooks/endpoint-page';
import { ApiKeyGate } from '../../../features/workspace/api-key-gate';

export const Route = createFileRoute('/_app/webhooks/$endpointId')({
  component: EndpointRoute,
});

function EndpointRoute() {
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  const { endpointId } = Route.useParams();
  return (
    <div className="space-y-6">
      <Link to="/webhooks" className="text-sm text-accent underline-offset-2 hover:underline">
        ← Advanced webhooks
      </Link>
      <PageHeading title="Webhook endpoint" />
      <ApiKeyGate workspaceId={workspaceId}>
        {(apiKey) => <EndpointPage apiKeyId={apiKey.id} endpointId={endpointId} />}
      </ApiKeyGate>
    </div>
  );
}
