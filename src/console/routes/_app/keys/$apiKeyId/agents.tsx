import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { agentsSearchSchema } from '#console/features/agents/agents-search';
import { AgentsPage } from '#console/features/agents/agents-page';
import { organizationChoices } from '#console/lib/organization-choices';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/agents')({
  validateSearch: agentsSearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...organizationChoices(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: AgentsRoute,
});

function AgentsRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Agent executions">
        What the key&apos;s agents ran, newest first: filter by organization, document, agent or
        status, and open a run for its timing, model, token usage, findings and error.
      </PageHeading>
      <AgentsPage apiKey={apiKey} search={search} />
    </div>
  );
}
