import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { EndpointPage } from '#console/features/webhooks/endpoint-page';
import { messagesSearchSchema } from '#console/features/webhooks/endpoints-search';
import { webhookQueries } from '#console/features/webhooks/queries';
import { prefetch } from '#console/lib/prefetch';
import { RecentChangesLink } from '#console/components/recent-changes-link';
import { updateAdvancedWebhookEndpoint } from '#contract/webhooks';

export const Route = createFileRoute('/_app/keys/$apiKeyId/webhooks/$endpointId')({
  validateSearch: messagesSearchSchema,
  loader: ({ context: { queryClient, apiKey }, params: { endpointId } }) =>
    prefetch(
      queryClient.query({
        ...webhookQueries.endpointDetail(apiKey, endpointId),
        staleTime: 'static',
      }),
      queryClient.infiniteQuery({
        ...webhookQueries.messages(apiKey, endpointId),
        staleTime: 'static',
      }),
    ),
  codeSplitGroupings: [['loader', 'component']],
  component: EndpointRoute,
});

function EndpointRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const { endpointId } = Route.useParams();
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <Link
        to="/keys/$apiKeyId/webhooks"
        params={{ apiKeyId: apiKey.id }}
        className="text-sm text-accent underline-offset-2 hover:underline"
      >
        ← Advanced webhooks
      </Link>
      <PageHeading title="Webhook endpoint" />
      <RecentChangesLink apiKeyId={apiKey.id} endpoint={updateAdvancedWebhookEndpoint} />
      <EndpointPage apiKey={apiKey} endpointId={endpointId} search={search} />
    </div>
  );
}
