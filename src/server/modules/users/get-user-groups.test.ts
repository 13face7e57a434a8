import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import type { DataOf } from '#contract/endpoint';
import { addUsersToGroups, deleteUsersFromGroups } from '#contract/organizations';
import { addUsers, getUserGroups } from '#contract/users';
import {
  addGroups,
  addMembers,
  insertOrganizationRows,
  userNamed,
} from '../../testing/user-fixtures';
import { dataOf } from '../../testing/replies';

type Group = DataOf<typeof getUserGroups>[number];

const ORG = 'org1';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

/** A fresh key with organization org1, users u1–u6 and the groups given, empty. */
async function setUp(groupIds: readonly string[]) {
  const fx = await createWorkspaceFixture(svc);
  await insertOrganizationRows(svc.database.db, fx.apiKey, ORG);
  dataOf(
    await fx.send(addUsers, {
      organizationId: ORG,
      users: ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map(userNamed),
    }),
  );
  if (groupIds.length > 0) await addGroups(fx, ORG, groupIds);
  return { fx };
}

const get = (fx: WorkspaceFixture, data: Record<string, unknown>) => fx.send(getUserGroups, data);

async function page(fx: WorkspaceFixture, data: Record<string, unknown>) {
  const res = await get(fx, data);
  if (res.status !== 200 || !('result' in res.body)) {
    throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.result;
}

/** Each group's member count, every page followed. */
async function counts(fx: WorkspaceFixture, data: Record<string, unknown> = {}) {
  const seen: Record<string, number> = {};
  let pageToken: string | undefined;
  do {
    const result = await page(fx, {
      organizationId: ORG,
      ...data,
      ...(pageToken && { pageToken }),
    });
    for (const g of result.data) seen[g.groupId] = g.memberCount;
    pageToken = result.nextPageToken ?? undefined;
  } while (pageToken);
  return seen;
}

async function refused(fx: WorkspaceFixture, data: Record<string, unknown>) {
  const res = await get(fx, data);
  return { http: res.status, body: res.body };
}

const invalid = (message: string) => ({
  http: 400,
  body: { error: { status: 'INVALID_ARGUMENT', message } },
});

describe('Get User Groups', () => {
  it('answers the groups in id order with names, member counts and creation times', async () => {
    const before = Date.now();
    const { fx } = await setUp(['g2', 'g1', 'g3']);
    await addMembers(fx, ORG, 'g1', ['u1', 'u2', 'u3']);
    await addMembers(fx, ORG, 'g2', ['u3']);
    const result = await page(fx, { organizationId: ORG });
    expect(result.status).toBe('success');
    expect(result.message).toBe('User groups retrieved successfully.');
    expect(
      result.data.map(({ groupId, groupName, memberCount }) => ({
        groupId,
        groupName,
        memberCount,
      })),
    ).toEqual([
      { groupId: 'g1', groupName: 'Group g1', memberCount: 3 },
      { groupId: 'g2', groupName: 'Group g2', memberCount: 1 },
      { groupId: 'g3', groupName: 'Group g3', memberCount: 0 },
    ]);
    for (const g of result.data) {
      expect(g.createdAt).toBeGreaterThanOrEqual(before - 1000);
      expect(g.createdAt).toBeLessThanOrEqual(Date.now());
    }
    // The last page's token is null, as on every list of the service.
    expect(result.nextPageToken).toBeNull();
  });

  it('pages across many groups, each once, every count with its own group', async () => {
    const groupIds = Array.from({ length: 25 }, (_, i) => `g${String(i).padStart(2, '0')}`);
    const { fx } = await setUp(groupIds);
    // Group gNN has NN % 7 members, so a count taken from the wrong group shows.
    const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'];
    for (const [i, groupId] of groupIds.entries()) {
      const members = users.slice(0, i % 7);
      if (members.length > 0) await addMembers(fx, ORG, groupId, members);
    }
    const pages: Group[][] = [];
    let pageToken: string | undefined;
    do {
      const result = await page(fx, {
        organizationId: ORG,
        pageSize: 10,
        ...(pageToken && { pageToken }),
      });
      pages.push(result.data);
      pageToken = result.nextPageToken ?? undefined;
    } while (pageToken);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    const all = pages.flat();
    expect(all.map((g) => g.groupId)).toEqual(groupIds);
    expect(all.map((g) => g.memberCount)).toEqual(groupIds.map((_, i) => i % 7));
  });

  it('counts members after adding, adding again, removing some and removing all', async () => {
    const { fx } = await setUp(['g1', 'g2']);
    await addMembers(fx, ORG, 'g1', ['u1', 'u2', 'u3', 'u4']);
    await addMembers(fx, ORG, 'g2', ['u1']);
    expect(await counts(fx)).toEqual({ g1: 4, g2: 1 });
    // A member added again, and a user who is not in the organization, change nothing.
    await fx.send(addUsersToGroups, {
      organizationId: ORG,
      organizationUserGroupId: 'g1',
      userIds: ['u1', 'stranger'],
    });
    expect(await counts(fx)).toEqual({ g1: 4, g2: 1 });
    await fx.send(deleteUsersFromGroups, {
      organizationId: ORG,
      organizationUserGroupId: 'g1',
      userIds: ['u2', 'u3'],
    });
    expect(await counts(fx)).toEqual({ g1: 2, g2: 1 });
    await fx.send(deleteUsersFromGroups, {
      organizationId: ORG,
      organizationUserGroupId: 'g1',
      deleteAll: true,
    });
    expect(await counts(fx)).toEqual({ g1: 0, g2: 1 });
  });

  it('answers only the groups asked for by id, once each, and none for unknown ids', async () => {
    const { fx } = await setUp(['a', 'b', 'c', 'd']);
    await addMembers(fx, ORG, 'c', ['u1', 'u2']);
    const result = await page(fx, { organizationId: ORG, groupIds: ['d', 'c', 'nope', 'c'] });
    expect(result.data.map((g) => [g.groupId, g.memberCount])).toEqual([
      ['c', 2],
      ['d', 0],
    ]);
    const paged = await page(fx, { organizationId: ORG, groupIds: ['a', 'b', 'c'], pageSize: 2 });
    expect(paged.data.map((g) => g.groupId)).toEqual(['a', 'b']);
    const rest = await page(fx, {
      organizationId: ORG,
      groupIds: ['c', 'b', 'a'],
      pageSize: 2,
      pageToken: paged.nextPageToken,
    });
    expect(rest.data.map((g) => g.groupId)).toEqual(['c']);
  });

  it('answers an organization without groups with an empty list', async () => {
    const { fx } = await setUp([]);
    expect((await page(fx, { organizationId: ORG })).data).toEqual([]);
  });

  it('keeps to its own key: another key’s organization of the same id is not seen', async () => {
    const { fx } = await setUp(['mine']);
    const other = await setUp(['theirs']);
    expect((await page(fx, { organizationId: ORG })).data.map((g) => g.groupId)).toEqual(['mine']);
    expect((await page(other.fx, { organizationId: ORG })).data.map((g) => g.groupId)).toEqual([
      'theirs',
    ]);
  });

  it('answers an unknown organization INVALID_ARGUMENT, as the specification does for groups', async () => {
    const { fx } = await setUp(['g1']);
    expect(await refused(fx, { organizationId: 'missing' })).toEqual(
      invalid('Organization missing does not exist.'),
    );
  });

  it('refuses bad input with INVALID_ARGUMENT naming the field', async () => {
    const { fx } = await setUp(['g1']);
    const many = Array.from({ length: 31 }, (_, i) => `g${i}`);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'data.organizationId is required'],
      [{ organizationId: '' }, 'data.organizationId must not be empty'],
      [{ organizationId: ORG, pageSize: 0 }, 'data.pageSize must be at least 1'],
      [{ organizationId: ORG, pageSize: 1001 }, 'data.pageSize must be at most 1000'],
      [{ organizationId: ORG, pageSize: 2.5 }, 'data.pageSize must be a whole number'],
      [{ organizationId: ORG, groupIds: [] }, 'data.groupIds must not be empty'],
      [{ organizationId: ORG, groupIds: many }, 'data.groupIds must have at most 30 items'],
      [{ organizationId: ORG, pageToken: '' }, 'data.pageToken must not be empty when given'],
    ];
    for (const [data, message] of cases) {
      const answer = await refused(fx, data);
      expect(answer.http, JSON.stringify(data)).toBe(400);
      expect(answer.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
      expect(answer.body.error.message, JSON.stringify(data)).toContain(message);
    }
  });

  it('refuses a page token of another query, another key or edited', async () => {
    const groupIds = ['g1', 'g2', 'g3'];
    const { fx } = await setUp(groupIds);
    const other = await setUp(groupIds);
    await insertOrganizationRows(svc.database.db, fx.apiKey, 'org2');
    await addGroups(fx, 'org2', groupIds);
    const { nextPageToken } = await page(fx, { organizationId: ORG, pageSize: 1 });
    if (!nextPageToken) throw new Error('expected a second page');
    const stale = invalid(
      'data.pageToken is not valid for this list and filters; start again without it.',
    );
    for (const [who, data] of [
      [fx, { organizationId: 'org2', pageToken: nextPageToken }],
      [fx, { organizationId: ORG, groupIds: ['g2'], pageToken: nextPageToken }],
      [fx, { organizationId: ORG, pageToken: `${nextPageToken.slice(0, -2)}xx` }],
      [other.fx, { organizationId: ORG, pageToken: nextPageToken }],
    ] as const) {
      expect(await refused(who, data)).toEqual(stale);
    }
    // Another page size is the same query: the token goes on.
    expect(
      (await page(fx, { organizationId: ORG, pageSize: 5, pageToken: nextPageToken })).data,
    ).toHaveLength(2);
  });
});
