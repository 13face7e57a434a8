import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { FolderDocuments } from '#console/features/documents/folder-documents';
import { foldersSearchSchema } from '#console/features/folders/folders-search';
import { FoldersPage } from '#console/features/folders/folders-page';
import { organizationChoices } from '#console/lib/organization-choices';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/folders')({
  validateSearch: foldersSearchSchema,
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...organizationChoices(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: FoldersRoute,
});

function FoldersRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Folders">
        An organization’s folder tree, read a few levels at a time as you open it: each folder’s
        path, access and documents, and what a v1 caller reads of it.
      </PageHeading>
      <FoldersPage
        apiKey={apiKey}
        search={search}
        renderDocuments={(organizationId, folderId) => (
          <FolderDocuments apiKey={apiKey} organizationId={organizationId} folderId={folderId} />
        )}
      />
    </div>
  );
}
