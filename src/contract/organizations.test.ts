import { describe, expect, it } from 'vitest';
import { deleteUsersFromGroupsRequest } from './organizations';

const group = { organizationId: 'o1', organizationUserGroupId: 'g1' };

function messages(input: unknown): string[] {
  return (deleteUsersFromGroupsRequest.safeParse(input).error?.issues ?? []).map((i) => i.message);
}

describe('Delete Users from Groups', () => {
  it('takes userIds alone or deleteAll: true alone', () => {
    expect(messages({ ...group, userIds: ['u1', 'u2'] })).toEqual([]);
    expect(messages({ ...group, deleteAll: true })).toEqual([]);
  });

  it('refuses both together', () => {
    expect(messages({ ...group, userIds: ['u1'], deleteAll: true })).toEqual([
      'Send either userIds or deleteAll: true, not both.',
    ]);
  });

  it('refuses neither, and deleteAll: false counts as neither', () => {
    const neither =
      'Send userIds to delete specific users, or deleteAll: true to delete every user of the group.';
    expect(messages(group)).toEqual([neither]);
    expect(messages({ ...group, deleteAll: false })).toEqual([neither]);
  });

  it('refuses an empty userIds', () => {
    const result = deleteUsersFromGroupsRequest.safeParse({ ...group, userIds: [] });
    expect(result.error?.issues[0]?.path).toEqual(['userIds']);
  });
});
