import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { notificationsSearchSchema } from '#console/features/notifications/notifications-search';
import { NotificationsPage } from '#console/features/notifications/notifications-page';
import { organizationChoices } from '#console/lib/organization-choices';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/notifications')({
  validateSearch: notificationsSearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...organizationChoices(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Notifications">
        The notifications of an organization, by document, location, inbox or ID: add one with a
        preview of its headline, and delete them by filter after seeing how many go.
      </PageHeading>
      <NotificationsPage apiKey={apiKey} search={search} />
    </div>
  );
}
