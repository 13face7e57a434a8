import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { RecentChangesLink } from '#console/components/recent-changes-link';
import { ActivitySettingsPage } from '#console/features/activities/activity-settings-page';
import { activityQueries } from '#console/features/activities/queries';
import { prefetch } from '#console/lib/prefetch';
import { updateActivityConfig } from '#contract/activity-config';

export const Route = createFileRoute('/_app/keys/$apiKeyId/activity-settings')({
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...activityQueries.config(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: ActivitySettingsRoute,
});

function ActivitySettingsRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  return (
    <div className="space-y-6">
      <PageHeading title="Activity settings">
        Whether the service records activities for this key, which comment events do, and whether
        recorded activities may be changed.
      </PageHeading>
      <RecentChangesLink apiKeyId={apiKey.id} endpoint={updateActivityConfig} />
      <ActivitySettingsPage apiKey={apiKey} />
    </div>
  );
}
