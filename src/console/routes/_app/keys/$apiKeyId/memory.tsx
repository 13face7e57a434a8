import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { memorySearchSchema } from '#console/features/memory/memory-search';
import { MemoryPage } from '#console/features/memory/memory-page';
import { organizationChoices } from '#console/lib/organization-choices';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/memory')({
  validateSearch: memorySearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...organizationChoices(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: MemoryRoute,
});

function MemoryRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Decision suggestions">
        Ask what past judgments suggest for an item, see the precedent behind the answer, and browse
        or add the judgments it draws on.
      </PageHeading>
      <MemoryPage apiKey={apiKey} search={search} />
    </div>
  );
}
