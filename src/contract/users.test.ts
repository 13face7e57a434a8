import { describe, expect, it } from 'vitest';
import { MAX_USER_FILTER_IDS, addUsersRequest, getUsersRequest, usersResultSchema } from './users';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

describe('Get Users', () => {
  it.each(['userIds', 'organizationUserGroupIds'])('takes at most 30 %s', (field) => {
    expect(MAX_USER_FILTER_IDS).toBe(30);
    expect(getUsersRequest.safeParse({ organizationId: 'o1', [field]: ids(30) }).success).toBe(
      true,
    );
    const over = getUsersRequest.safeParse({ organizationId: 'o1', [field]: ids(31) });
    expect(over.error?.issues.map((i) => i.path)).toEqual([[field]]);
    expect(over.error?.issues[0]?.message).toBe('must have at most 30 items');
  });

  it('takes documentId or folderId, not both', () => {
    const both = getUsersRequest.safeParse({
      organizationId: 'o1',
      documentId: 'd',
      folderId: 'f',
    });
    expect(both.error?.issues[0]?.path).toEqual(['folderId']);
  });

  it('groups by document only together with allDocuments', () => {
    const alone = getUsersRequest.safeParse({ organizationId: 'o1', groupByDocumentId: true });
    expect(alone.error?.issues[0]?.path).toEqual(['groupByDocumentId']);
    expect(
      getUsersRequest.safeParse({
        organizationId: 'o1',
        allDocuments: true,
        groupByDocumentId: true,
      }).success,
    ).toBe(true);
  });

  it('takes allDocuments without a document or folder: it names every document', () => {
    for (const target of [{ documentId: 'd' }, { folderId: 'f' }]) {
      const both = getUsersRequest.safeParse({
        organizationId: 'o1',
        allDocuments: true,
        ...target,
      });
      expect(both.error?.issues[0]?.path).toEqual(['allDocuments']);
      expect(
        getUsersRequest.safeParse({ organizationId: 'o1', allDocuments: false, ...target }).success,
      ).toBe(true);
    }
  });

  it('leaves pageSize to the service default', () => {
    expect(getUsersRequest.parse({ organizationId: 'o1' })).toEqual({ organizationId: 'o1' });
  });

  it('answers an array of users or a map of document to users', () => {
    const u = { userId: 'u1', name: 'Ada', email: 'ada@example.com' };
    expect(usersResultSchema.safeParse([u]).success).toBe(true);
    expect(usersResultSchema.safeParse({ d1: [u], d2: [] }).success).toBe(true);
    expect(usersResultSchema.safeParse({ d1: u }).success).toBe(false);
  });
});

describe('Add Users', () => {
  const users = [{ userId: 'u1', name: 'Ada', email: 'ada@example.com' }];

  it('adds to the organization, a document or a folder, not to both', () => {
    for (const target of [{}, { documentId: 'd' }, { folderId: 'f' }]) {
      expect(addUsersRequest.safeParse({ organizationId: 'o1', users, ...target }).success).toBe(
        true,
      );
    }
    const both = addUsersRequest.safeParse({
      organizationId: 'o1',
      users,
      documentId: 'd',
      folderId: 'f',
    });
    expect(both.error?.issues[0]?.path).toEqual(['folderId']);
  });
});
