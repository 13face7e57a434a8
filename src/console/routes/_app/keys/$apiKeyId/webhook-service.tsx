import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { RecentChangesLink } from '#console/components/recent-changes-link';
import { webhookQueries } from '#console/features/webhooks/queries';
import { WebhookServicePage } from '#console/features/webhooks/webhook-service-page';
import { prefetch } from '#console/lib/prefetch';
import { updateWebhookServiceConfig } from '#contract/webhook-service';

export const Route = createFileRoute('/_app/keys/$apiKeyId/webhook-service')({
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...webhookQueries.service(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: WebhookServiceRoute,
});

function WebhookServiceRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  return (
    <div className="space-y-6">
      <PageHeading title="Webhook service">
        The hosted product&apos;s basic webhooks: every event of the triggers you choose, POSTed to
        one URL with your auth token, and the notifications the service creates to another.
      </PageHeading>
      <RecentChangesLink apiKeyId={apiKey.id} endpoint={updateWebhookServiceConfig} />
      <WebhookServicePage apiKey={apiKey} />
    </div>
  );
}
