import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { ApiKeyConfigPage } from '#console/features/api-keys/api-key-config-page';
import { apiKeyQueries } from '#console/features/api-keys/queries';
import { prefetch } from '#console/lib/prefetch';
import { RecentChangesLink } from '#console/components/recent-changes-link';
import { updateApiKeyConfig } from '#contract/api-keys';

export const Route = createFileRoute('/_app/keys/$apiKeyId/config')({
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...apiKeyQueries.config(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: ConfigRoute,
});

function ConfigRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  return (
    <div className="space-y-6">
      <PageHeading title="API key configuration">
        How the service treats the documents, comments and users of this API key, and the AI
        provider keys it uses.
      </PageHeading>
      <RecentChangesLink apiKeyId={apiKey.id} endpoint={updateApiKeyConfig} />
      <ApiKeyConfigPage apiKey={apiKey} />
    </div>
  );
}
