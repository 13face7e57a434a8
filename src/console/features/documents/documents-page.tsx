import { useInfiniteQuery } from '@tanstack/react-query';

import { useMemo } from 'react';
import { MAX_DOCUMENT_IDS } from '#contract/documents';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { FilterInput } from '../../components/data-table/filter-input';
import { IdListFilter } from '../../components/data-table/id-list-filter';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { OrganizationPicker } from '../../components/organization-picker';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { useListSearch } from '../../lib/use-list-search';
import { AddDocumentsDialog } from './add-documents-dialog';
import { documentColumns } from './document-columns';
import type { DocumentsSearch } from './documents-search';
import { migrateAction } from './migrate-document-form';
import { MigrationsPanel } from './migrations-panel';
import { documentQueries, searchedDocumentIds } from './queries';
import { NoMatches } from '../../components/no-matches';
import { OrganizationScope } from '../../components/organization-scope';

interface DocumentsPageProps {
  apiKey: ApiKeyCredentials;
  search: DocumentsSearch;
}

export function DocumentsPage({ apiKey, search }: DocumentsPageProps) {
  const list = useListSearch(search);
  return (
    <OrganizationScope
      apiKey={apiKey}
      chosen={search.organization}
      needs="Documents live in an organization."
      locate={{
        // A link to documents by ID names the organization of the first.
        named: { folderId: search.folder, documentId: searchedDocumentIds(search.ids).ids?.[0] },
        onLocated: (organization) =>
          list.set(organization ? { organization } : { folder: undefined, ids: undefined }),
      }}
    >
      {(organizationId) => (
        <OrganizationDocuments
          apiKey={apiKey}
          search={search}
          organizationId={organizationId}
          set={list.set}
        />
      )}
    </OrganizationScope>
  );
}

interface OrganizationDocumentsProps extends DocumentsPageProps {
  organizationId: string;
  set: (patch: Partial<DocumentsSearch>) => void;
}

function OrganizationDocuments({
  apiKey,
  search,
  organizationId,
  set,
}: OrganizationDocumentsProps) {
  const { ids, problem } = searchedDocumentIds(search.ids);
  const filter = { organizationId, folderId: search.folder, ids };
  const documents = useInfiniteQuery(documentQueries.list(apiKey, filter));
  const rows = useMemo(() => pagedItems(documents.data), [documents.data]);
  const filtered = search.folder !== undefined || ids !== undefined;
  const empty = filtered ? (
    <NoMatches noun="document" onClear={() => set({ folder: undefined, ids: undefined })} />
  ) : (
    <EmptyState
      title="No documents in this organization yet"
      action={
        <AddDocumentsDialog apiKey={apiKey} organizationId={organizationId} folderId={undefined} />
      }
    />
  );
  return (
    <div className="space-y-4">
      <MigrationsPanel apiKey={apiKey} />
      <Card className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex min-w-0 flex-1 flex-wrap items-end gap-3">
            <OrganizationPicker
              apiKey={apiKey}
              value={organizationId}
              onChange={(organization) => set({ organization, folder: undefined, ids: undefined })}
            />
            <FilterInput
              label="Folder ID"
              value={search.folder}
              onChange={(folder) => set({ folder })}
            />
            <IdListFilter
              label="Document IDs"
              max={MAX_DOCUMENT_IDS}
              value={search.ids}
              onChange={(text) => set({ ids: text })}
            />
          </div>
          <AddDocumentsDialog
            apiKey={apiKey}
            organizationId={organizationId}
            folderId={search.folder}
          />
        </div>
        <FormAlert message={problem} />
        <DataTable
          label="Documents"
          columns={documentColumns}
          rows={problem ? [] : rows}
          rowKey={(document) => document.id}
          actions={{ header: 'Actions', items: [migrateAction(apiKey, organizationId)] }}
          status={tableStatus(documents)}
          empty={empty}
          noun={['document', 'documents']}
          minWidth="44rem"
        />
      </Card>
    </div>
  );
}
