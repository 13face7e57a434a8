import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/page-heading';
import { PermissionProviderPage } from '../../features/api-keys/permission-provider-page';
import { apiKeyQueries } from '../../features/api-keys/queries';
import { ApiKeyGate } from '../../features/workspace/api-key-gate';
import { getSession } from '../../lib/session';

export const Route = createFileRoute('/_app/permission-provider')({
  // Warms the cache when a key is already chosen; the page itself waits for nothing.
  loader: ({ context }) => {
    const apiKey = getSession()?.apiKey;
    // A failure is the page's to show, when it asks again.
    if (apiKey)
      context.queryClient.query(apiKeyQueries.permissionProvider(apiKey)).catch(() => undefined);
  },
  component: PermissionProviderRoute,
});

function PermissionProviderRoute() {
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  return (
    <div className="space-y-6">
      <PageHeading title="Permission provider">
        Your own service that decides who may open which document, asked by the service for each
        access.
      </PageHeading>
      <ApiKeyGate workspaceId={workspaceId}>
        {(apiKey) => <PermissionProviderPage apiKeyId={apiKey.id} />}
      </ApiKeyGate>
    </div>
  );
}
