import type { User } from '#contract/common';
import type { Column } from '../../components/data-table/column';
import { selectColumn } from '../../components/data-table/select-column';
import { IdText } from '../../components/id-text';
import type { RowSelection } from '../../lib/use-row-selection';

/** The users table's columns: a box to select users for a group, then the record. */
export function userColumns(selection: RowSelection): Column<User>[] {
  return [
    selectColumn(selection, (user) => user.userId),
    {
      id: 'userId',
      header: 'User ID',
      width: 'minmax(10rem, 1fr)',
      cell: (user) => <IdText value={user.userId} label="user ID" />,
    },
    { id: 'name', header: 'Name', cell: (user) => user.name ?? '' },
    {
      id: 'email',
      header: 'E-mail',
      width: 'minmax(12rem, 1.5fr)',
      cell: (user) =>
        user.email ? <IdText value={user.email} label="e-mail address" plain /> : null,
    },
  ];
}
