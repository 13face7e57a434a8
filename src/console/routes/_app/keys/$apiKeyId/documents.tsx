import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { documentsSearchSchema } from '#console/features/documents/documents-search';
import { DocumentsPage } from '#console/features/documents/documents-page';
import { organizationChoices } from '#console/lib/organization-choices';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/documents')({
  validateSearch: documentsSearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...organizationChoices(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: DocumentsRoute,
});

function DocumentsRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Documents">
        The documents of an organization, by folder or ID: add them, and migrate one to a new ID
        with everything that refers to it.
      </PageHeading>
      <DocumentsPage apiKey={apiKey} search={search} />
    </div>
  );
}
