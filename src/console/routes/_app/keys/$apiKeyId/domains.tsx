import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { RecentChangesLink } from '#console/components/recent-changes-link';
import { DomainsPage } from '#console/features/api-keys/domains-page';
import { apiKeyQueries } from '#console/features/api-keys/queries';
import { prefetch } from '#console/lib/prefetch';
import { addDomains } from '#contract/allowed-domains';

export const Route = createFileRoute('/_app/keys/$apiKeyId/domains')({
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...apiKeyQueries.domains(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: DomainsRoute,
});

function DomainsRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  return (
    <div className="space-y-6">
      <PageHeading title="Allowed domains">
        The sites this key's auth tokens name as allowed (their <code>domains</code>).
      </PageHeading>
      <RecentChangesLink apiKeyId={apiKey.id} endpoint={addDomains} />
      <DomainsPage apiKey={apiKey} />
    </div>
  );
}
