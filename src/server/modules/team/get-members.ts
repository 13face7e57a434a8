import type { Member } from '#contract/team';
import type { Services } from '../../services';
import { toMember } from './member-view';
import { membersQuery } from './store';

/** The workspace's members, the owner first, then everyone by e-mail. */
export async function getMembers(s: Services, workspaceId: string): Promise<{ members: Member[] }> {
  const rows = await membersQuery(s.db, workspaceId);
  const now = s.clock();
  // The query reads them by e-mail along the primary key; only the owner moves.
  const ordered = [
    ...rows.filter((row) => row.role === 'owner'),
    ...rows.filter((row) => row.role !== 'owner'),
  ];
  return { members: ordered.map((row) => toMember(row, now)) };
}
