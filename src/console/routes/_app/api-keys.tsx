import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/page-heading';
import { ApiKeyConfigPage } from '../../features/api-keys/api-key-config-page';
import { apiKeyQueries } from '../../features/api-keys/queries';
import { ApiKeyGate } from '../../features/workspace/api-key-gate';
import { getSession } from '../../lib/session';

export const Route = createFileRoute('/_app/api-keys')({
  // Warms the cache when a key is already chosen; the page itself waits for nothing.
  loader: ({ context }) => {
    const apiKey = getSession()?.apiKey;
    // A failure is the page's to show, when it asks again.
    if (apiKey) context.queryClient.query(apiKeyQueries.config(apiKey)).catch(() => undefined);
  },
  component: ApiKeysRoute,
});

function ApiKeysRoute() {
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  return (
    <div className="space-y-6">
      <PageHeading title="API key configuration">
        How the service treats the documents, comments and users of one API key, and the AI provider
        keys it uses.
      </PageHeading>
      <ApiKeyGate workspaceId={workspaceId}>
        {(apiKey) => <ApiKeyConfigPage apiKeyId={apiKey.id} />}
      </ApiKeyGate>
    </div>
  );
}
