import type { UserGroup } from '#contract/users';
import type { Column } from '../../components/data-table/column';

/** The group list's columns: the group, named and identified, and how many members it has. */
export const groupColumns: Column<UserGroup>[] = [
  {
    id: 'group',
    header: 'Group',
    width: 'minmax(10rem, 1fr)',
    cell: (group) => (
      <span className="block min-w-0">
        <span className="block break-words">{group.groupName}</span>
        <code className="block font-mono text-xs break-all text-muted">{group.groupId}</code>
      </span>
    ),
  },
  {
    id: 'members',
    header: 'Members',
    width: '6.5rem',
    cell: (group) => (
      <span className="block text-right tabular-nums">{group.memberCount.toLocaleString()}</span>
    ),
  },
];
