import { useInfiniteQuery } from '@tanstack/react-query';
import { MAX_ORGANIZATION_FILTER_IDS } from '#contract/organizations';
import { useMemo, useState } from 'react';
import { useRowSelection } from '../../lib/use-row-selection';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { IdListFilter } from '../../components/data-table/id-list-filter';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { type ItemResult, ItemResults } from '../../components/item-results';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { useListSearch } from '../../lib/use-list-search';
import { AddOrganizationsDialog } from './add-organizations-dialog';
import { DeleteOrganizationsDialog } from './delete-organizations-dialog';
import { organizationColumns } from './organization-columns';
import type { OrganizationsSearch } from './organizations-search';
import { searchedIds } from './searched-ids';
import { organizationQueries } from './queries';

interface OrganizationsPageProps {
  apiKey: ApiKeyCredentials;
  search: OrganizationsSearch;
}

export function OrganizationsPage({ apiKey, search }: OrganizationsPageProps) {
  const list = useListSearch(search);
  const { ids, problem } = searchedIds(search.ids);
  const organizations = useInfiniteQuery(organizationQueries.list(apiKey, ids));
  const rows = useMemo(() => pagedItems(organizations.data), [organizations.data]);
  const selection = useRowSelection();
  const [deleted, setDeleted] = useState<Record<string, ItemResult> | null>(null);
  const columns = useMemo(() => organizationColumns(selection), [selection]);
  const chosen = rows.filter((organization) => selection.has(organization.id));

  const empty = ids ? (
    <EmptyState
      title="No organization has these IDs"
      action={
        <Button variant="secondary" size="sm" onClick={() => list.set({ ids: undefined })}>
          Clear the search
        </Button>
      }
    />
  ) : (
    <EmptyState title="No organizations yet" action={<AddOrganizationsDialog apiKey={apiKey} />}>
      Organizations hold the folders, documents and users of this API key.
    </EmptyState>
  );

  return (
    <div className="space-y-4">
      {deleted ? (
        <Card className="space-y-3">
          <div className="flex items-start justify-between gap-3">
            <h2 className="text-base font-semibold">Deletion</h2>
            <Button variant="secondary" size="sm" onClick={() => setDeleted(null)}>
              Dismiss
            </Button>
          </div>
          <ItemResults results={deleted} label="Results of deleting organizations" />
        </Card>
      ) : null}
      <Card className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <IdListFilter
            label="Search by organization ID"
            max={MAX_ORGANIZATION_FILTER_IDS}
            value={search.ids}
            onChange={(text) => list.set({ ids: text })}
          />
          <div className="flex flex-wrap gap-2">
            <DeleteOrganizationsDialog
              apiKey={apiKey}
              organizations={chosen}
              label={chosen.length > 1 ? `Delete ${chosen.length} selected` : 'Delete selected'}
              onDeleted={(results) => {
                setDeleted(results);
                selection.clear();
              }}
            />
            <AddOrganizationsDialog apiKey={apiKey} />
          </div>
        </div>
        <FormAlert message={problem} />
        <DataTable
          label="Organizations"
          columns={columns}
          rows={problem ? [] : rows}
          rowKey={(organization) => organization.id}
          status={tableStatus(organizations)}
          empty={empty}
          noun={['organization', 'organizations']}
          minWidth="40rem"
        />
      </Card>
    </div>
  );
}
