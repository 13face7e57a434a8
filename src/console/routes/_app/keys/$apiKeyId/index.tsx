import { createFileRoute } from '@tanstack/react-router';
import { KeyOverview } from '#console/features/api-keys/key-overview';
import { apiKeyQueries } from '#console/features/api-keys/queries';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/')({
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(
      queryClient.query({ ...apiKeyQueries.config(apiKey), staleTime: 'static' }),
      queryClient.query(apiKeyQueries.counts(apiKey)),
    ),
  codeSplitGroupings: [['loader', 'component']],
  component: KeyOverviewRoute,
});

function KeyOverviewRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  return <KeyOverview apiKey={apiKey} />;
}
