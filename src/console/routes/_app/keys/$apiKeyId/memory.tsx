import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../../components/page-heading';
import { memorySearchSchema } from '../../../../features/memory/memory-search';
import { MemoryPage } from '../../../../features/memory/memory-page';
import { organizationChoices } from '../../../../lib/organization-choices';
import { prefetch } from '../../../../lib/prefetch';

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
