import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MigrationWatcher } from '#console/features/documents/migration-watcher';
import { ApiKeyBar } from '#console/features/workspace/api-key-bar';

/**
 * Every page of one API key: what the key's pages call with goes into the route context for the
 * pages' loaders and queries (features/workspace/open-key.ts).
 */
export const Route = createFileRoute('/_app/keys/$apiKeyId')({
  beforeLoad: async ({ context, params, location, preload }) => {
    // Loaded here rather than imported: the route's options ride in the console's first load
    // (the sign-in page's too), and the key's queries and their contract are not needed there.
    const { openKey } = await import('#console/features/workspace/open-key');
    const request = { apiKeyId: params.apiKeyId, pathname: location.pathname, preload };
    return { apiKey: await openKey(context.queryClient, context.session, request) };
  },
  component: ApiKeyLayout,
});

function ApiKeyLayout() {
  const { apiKey, session } = Route.useRouteContext();
  return (
    <div className="space-y-6">
      <ApiKeyBar workspaceId={session.workspaceId} apiKeyId={apiKey.id} />
      <MigrationWatcher apiKey={apiKey} />
      <Outlet />
    </div>
  );
}
