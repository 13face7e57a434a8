import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { userDataSearchSchema } from '#console/features/user-data/user-data-search';
import { UserDataPage } from '#console/features/user-data/user-data-page';
import { organizationChoices } from '#console/lib/organization-choices';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/user-data')({
  validateSearch: userDataSearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...organizationChoices(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: UserDataRoute,
});

function UserDataRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="User data">
        Everything a user holds in an organization: export it to a file, or erase one or several
        users after seeing what would be removed.
      </PageHeading>
      <UserDataPage apiKey={apiKey} search={search} />
    </div>
  );
}
