import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { usersSearchSchema } from '#console/features/users/users-search';
import { UsersPage } from '#console/features/users/users-page';
import { organizationChoices } from '#console/lib/organization-choices';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/users')({
  validateSearch: usersSearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...organizationChoices(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: UsersRoute,
});

function UsersRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Users & groups">
        The users of an organization, by document, folder, ID or group: add users and groups, and
        put users into groups or take them out.
      </PageHeading>
      <UsersPage apiKey={apiKey} search={search} />
    </div>
  );
}
