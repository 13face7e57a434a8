import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { organizationsSearchSchema } from '#console/features/organizations/organizations-search';
import { OrganizationsPage } from '#console/features/organizations/organizations-page';
import { organizationQueries } from '#console/features/organizations/queries';
import { searchedIds } from '#console/features/organizations/searched-ids';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/organizations')({
  validateSearch: organizationsSearchSchema,
  loaderDeps: ({ search }) => ({ ids: search.ids }),
  loader: ({ context: { queryClient, apiKey }, deps }) =>
    prefetch(
      queryClient.infiniteQuery({
        ...organizationQueries.list(apiKey, searchedIds(deps.ids).ids),
        staleTime: 'static',
      }),
    ),
  codeSplitGroupings: [['loader', 'component']],
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Organizations">
        The organizations of this API key: add them, find them by ID, and delete them with
        everything they hold.
      </PageHeading>
      <OrganizationsPage apiKey={apiKey} search={search} />
    </div>
  );
}
