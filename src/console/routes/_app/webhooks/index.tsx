import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/page-heading';
import { WebhooksPage } from '../../../features/webhooks/webhooks-page';
import { ApiKeyGate } from '../../../features/workspace/api-key-gate';

// No loader: it would run before the gate knows the key, and its code would join the entry chunk.
export const Route = createFileRoute('/_app/webhooks/')({
  component: WebhooksRoute,
});

function WebhooksRoute() {
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  return (
    <div className="space-y-6">
      <PageHeading title="Advanced webhooks">
        Signed deliveries of the events of one API key to your endpoints, with their delivery log.
      </PageHeading>
      <ApiKeyGate workspaceId={workspaceId}>
        {(apiKey) => <WebhooksPage apiKeyId={apiKey.id} />}
      </ApiKeyGate>
    </div>
  );
}
