import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { activitiesSearchSchema } from '#console/features/activities/activities-search';
import { ActivitiesPage } from '#console/features/activities/activities-page';
import { organizationChoices } from '#console/lib/organization-choices';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/activities')({
  validateSearch: activitiesSearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...organizationChoices(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: ActivitiesRoute,
});

function ActivitiesRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Activity logs">
        What happened in an organization, by document, feature, action or user, each message filled
        with its data: edit an activity&apos;s changes, message, icon and data.
      </PageHeading>
      <ActivitiesPage apiKey={apiKey} search={search} />
    </div>
  );
}
