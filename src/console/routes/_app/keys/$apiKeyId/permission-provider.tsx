import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { PermissionProviderPage } from '#console/features/api-keys/permission-provider-page';
import { apiKeyQueries } from '#console/features/api-keys/queries';
import { prefetch } from '#console/lib/prefetch';
import { RecentChangesLink } from '#console/components/recent-changes-link';
import { updatePermissionProviderConfig } from '#contract/api-keys';

export const Route = createFileRoute('/_app/keys/$apiKeyId/permission-provider')({
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(
      queryClient.query({ ...apiKeyQueries.permissionProvider(apiKey), staleTime: 'static' }),
    ),
  codeSplitGroupings: [['loader', 'component']],
  component: PermissionProviderRoute,
});

function PermissionProviderRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  return (
    <div className="space-y-6">
      <PageHeading title="Permission provider">
        Your own service that decides who may open which document, asked by the service for each
        access.
      </PageHeading>
      <RecentChangesLink apiKeyId={apiKey.id} endpoint={updatePermissionProviderConfig} />
      <PermissionProviderPage apiKey={apiKey} />
    </div>
  );
}
