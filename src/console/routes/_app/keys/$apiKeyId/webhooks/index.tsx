import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { endpointsSearchSchema } from '#console/features/webhooks/endpoints-search';
import { webhookQueries } from '#console/features/webhooks/queries';
import { WebhooksPage } from '#console/features/webhooks/webhooks-page';
import { prefetch } from '#console/lib/prefetch';
import { RecentChangesLink } from '#console/components/recent-changes-link';
import { updateAdvancedWebhookConfig } from '#contract/webhooks';

export const Route = createFileRoute('/_app/keys/$apiKeyId/webhooks/')({
  validateSearch: endpointsSearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(
      queryClient.query({ ...webhookQueries.config(apiKey), staleTime: 'static' }),
      queryClient.infiniteQuery({ ...webhookQueries.endpoints(apiKey), staleTime: 'static' }),
    ),
  codeSplitGroupings: [['loader', 'component']],
  component: WebhooksRoute,
});

function WebhooksRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Advanced webhooks">
        Signed deliveries of the events of this API key to your endpoints, with their delivery log.
      </PageHeading>
      <RecentChangesLink apiKeyId={apiKey.id} endpoint={updateAdvancedWebhookConfig} />
      <WebhooksPage apiKey={apiKey} search={search} />
    </div>
  );
}
