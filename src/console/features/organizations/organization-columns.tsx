import type { Organization } from '../../../contract/organizations';
import { Badge } from '../../components/badge';
import type { Column } from '../../components/data-table/column';

interface Selection {
  has: (id: string) => boolean;
  toggle: (id: string) => void;
}

/** The organizations table's columns: a box to select rows for deletion, then the record. */
export function organizationColumns(selection: Selection): Column<Organization>[] {
  return [
    {
      id: 'select',
      header: 'Select',
      width: '4.5rem',
      cell: (organization) => (
        <input
          type="checkbox"
          className="size-4 cursor-pointer accent-accent"
          aria-label={`Select ${organization.id}`}
          checked={selection.has(organization.id)}
          onChange={() => selection.toggle(organization.id)}
        />
      ),
    },
    {
      id: 'id',
      header: 'Organization ID',
      width: 'minmax(12rem, 1.5fr)',
      cell: (organization) => (
        <code className="font-mono text-sm break-all">{organization.id}</code>
      ),
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
