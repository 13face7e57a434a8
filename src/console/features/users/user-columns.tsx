import type { User } from '../../../contract/common';
import type { Column } from '../../components/data-table/column';

interface Selection {
  has: (id: string) => boolean;
  toggle: (id: string) => void;
}

/** The users table's columns: a box to select users for a group, then the record. */
export function userColumns(selection: Selection): Column<User>[] {
  return [
    {
      id: 'select',
      header: 'Select',
      width: '4.5rem',
      cell: (user) => (
        <input
          type="checkbox"
          className="size-4 cursor-pointer accent-accent"
          aria-label={`Select ${user.userId}`}
          checked={selection.has(user.userId)}
          onChange={() => selection.toggle(user.userId)}
        />
      ),
    },
    {
      id: 'userId',
      header: 'User ID',
      width: 'minmax(10rem, 1fr)',
      cell: (user) => <code className="font-mono text-sm break-all">{user.userId}</code>,
    },
    { id: 'name', header: 'Name', cell: (user) => user.name ?? '' },
    {
      id: 'email',
      header: 'E-mail',
      width: 'minmax(12rem, 1.5fr)',
      cell: (user) => <span className="break-all">{user.email ?? ''}</span>,
    },
  ];
}
