import type { Organization } from '#contract/organizations';
import { Badge } from '../../components/badge';
import type { Column } from '../../components/data-table/column';
import { selectColumn } from '../../components/data-table/select-column';
import { IdText } from '../../components/id-text';
import type { RowSelection } from '../../lib/use-row-selection';

/** The organizations table's columns: a box to select rows for deletion, then the record. */
export function organizationColumns(selection: RowSelection): Column<Organization>[] {
  return [
    selectColumn(selection, (organization) => organization.id),
    {
      id: 'id',
      header: 'Organization ID',
      width: 'minmax(12rem, 1.5fr)',
      cell: (organization) => <IdText value={organization.id} label="organization ID" />,
    },
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(12rem, 2fr)',
      cell: (organization) => organization.organizationName,
    },
    {
      id: 'status',
      header: 'Status',
      width: '7rem',
      cell: (organization) => (
        <Badge tone={organization.disabled ? 'warning' : 'success'}>
          {organization.disabled ? 'Disabled' : 'Active'}
        </Badge>
      ),
    },
  ];
}
