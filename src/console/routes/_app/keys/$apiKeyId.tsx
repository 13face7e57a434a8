import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { MigrationWatcher } from '#console/features/documents/migration-watcher';
import { ApiKeyBar } from '#console/features/workspace/api-key-bar';
import { isApiError } from '#console/lib/api-error';
import { keySegmentOf } from '#console/lib/key-path';
import { updateSession } from '#console/lib/session';

/**
 * Every page of one API key: what the key's pages call with (its token, for a sign-in with the
 * workspace token; its id, for a person's session) goes into the route context for the pages'
 * loaders and queries; a key the workspace does not have sends the admin to choose one, for the
 * same page.
 */
export const Route = createFileRoute('/_app/keys/$apiKeyId')({
  beforeLoad: async ({ context, params, location, preload }) => {
    try {
      const { queryClient, session } = context;
      // Loaded here rather than imported: the route's options ride in the console's first load
      // (the sign-in page's too), and the key's queries and their contract are not needed there.
      const { apiKeyCredentials } = await import('#console/features/workspace/key-credentials');
      const apiKey = await apiKeyCredentials(queryClient, session, params.apiKeyId);
      // Old addresses and the navigation lead to the key opened last; hovering a link is not opening.
      if (!preload && session.apiKey !== apiKey.id) updateSession({ apiKey: apiKey.id });
      return { apiKey };
    } catch (error) {
      if (isApiError(error) && ['NOT_FOUND', 'INVALID_ARGUMENT'].includes(error.status)) {
        throw redirect({
          to: '/keys',
          search: { next: keySegmentOf(location.pathname), missing: params.apiKeyId },
          replace: true,
        });
      }
      throw error;
    }
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
