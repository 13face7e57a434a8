import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import type { AnyEndpoint } from '#contract/endpoint';
import { addUserGroups, addUsersToGroups, deleteUsersFromGroups } from '#contract/organizations';
import { addUsers, getUsers } from '#contract/users';
import {
  addGroups,
  addMembers,
  insertOrganizationRows,
  userNamed,
} from '../../testing/user-fixtures';
import { dataOf } from '../../testing/replies';

const ORG = 'org1';
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

/** A fresh key with organization org1, users u1–u4 and empty groups g1 and g2. */
async function setUp() {
  const fx = await createWorkspaceFixture(svc);
  await insertOrganizationRows(svc.database.db, fx.apiKey, ORG);
  dataOf(
    await fx.send(addUsers, {
      organizationId: ORG,
      users: ['u1', 'u2', 'u3', 'u4'].map(userNamed),
    }),
  );
  await addGroups(fx, ORG, ['g1', 'g2']);
  return { fx };
}

const members = (fx: WorkspaceFixture, groupId: string) =>
  rows<{ user_id: string }>(
    svc.database.db,
    sql`select user_id from user_group_members
      where api_key_id = ${fx.apiKey} and group_id = ${groupId} order by user_id`,
  ).then((found) => found.map((r) => r.user_id));

const line = (success: boolean, message: string, groupId = 'g1') => ({
  success,
  organizationUserGroupId: groupId,
  message,
});
const addedLine = line(true, 'User added to organization user group.');
const deletedLine = line(true, 'User deleted from organization user group.');

async function error(
  caller: WorkspaceFixture,
  endpoint: AnyEndpoint,
  body: Record<string, unknown>,
) {
  const res = await caller.send(endpoint, body);
  return { http: res.status, ...res.body.error };
}

describe('Add User Groups', () => {
  it('adds groups; one that exists is reported and keeps its name', async () => {
    const { fx } = await setUp();
    const res = await fx.send(addUserGroups, {
      organizationId: ORG,
      organizationUserGroups: [
        { groupId: 'g1', groupName: 'Renamed' },
        { groupId: 'g3', groupName: 'Reviewers' },
      ],
    });
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'User groups processed.',
        data: {
          g1: { success: false, id: 'g1', message: 'User group g1 already exists.' },
          g3: { success: true, id: 'g3', message: 'User group added.' },
        },
      },
    });
    expect(
      await rows(
        svc.database.db,
        sql`select group_id, group_name from user_groups
          where api_key_id = ${fx.apiKey} order by group_id`,
      ),
    ).toEqual([
      { group_id: 'g1', group_name: 'Group g1' },
      { group_id: 'g2', group_name: 'Group g2' },
      { group_id: 'g3', group_name: 'Reviewers' },
    ]);
  });

  it('refuses an unknown organization, repeated ids and empty names', async () => {
    const { fx } = await setUp();
    const add = (body: Record<string, unknown>) => error(fx, addUserGroups, body);
    expect(
      await add({
        organizationId: 'nope',
        organizationUserGroups: [{ groupId: 'g', groupName: 'G' }],
      }),
    ).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: 'Organization nope does not exist.',
    });
    expect(
      await add({
        organizationId: ORG,
        organizationUserGroups: [
          { groupId: 'g5', groupName: 'G' },
          { groupId: 'g5', groupName: 'G' },
        ],
      }),
    ).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: 'data.organizationUserGroups[1] repeats the id g5',
    });
    expect(
      await add({
        organizationId: ORG,
        organizationUserGroups: [{ groupId: 'g5', groupName: ' ' }],
      }),
    ).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: 'data.organizationUserGroups[0].groupName must not be empty',
    });
  });
});

describe('Add Users to Groups', () => {
  it('adds users of the organization; others are reported per user; adding again succeeds', async () => {
    const { fx } = await setUp();
    expect(await addMembers(fx, ORG, 'g1', ['u1', 'u2'])).toEqual({ u1: addedLine, u2: addedLine });
    const res = await fx.send(addUsersToGroups, {
      organizationId: ORG,
      organizationUserGroupId: 'g1',
      userIds: ['u2', 'ghost', 'u3'],
    });
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Users processed for the organization user group.',
        data: {
          u2: addedLine,
          ghost: line(false, 'User ghost is not in organization org1.'),
          u3: addedLine,
        },
      },
    });
    expect(await members(fx, 'g1')).toEqual(['u1', 'u2', 'u3']);
    expect(await members(fx, 'g2')).toEqual([]);
    const listed = await fx.send(getUsers, {
      organizationId: ORG,
      organizationUserGroupIds: ['g1'],
    });
    expect('result' in listed.body && listed.body.result.data).toEqual(
      ['u1', 'u2', 'u3'].map(userNamed),
    );
  });

  it('answers INVALID_ARGUMENT for an unknown group or organization and writes nothing', async () => {
    const { fx } = await setUp();
    const add = (organizationId: string, groupId: string) =>
      error(fx, addUsersToGroups, {
        organizationId,
        organizationUserGroupId: groupId,
        userIds: ['u1'],
      });
    expect(await add(ORG, 'g9')).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: 'User group g9 does not exist in organization org1.',
    });
    expect(await add('nope', 'g1')).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: 'Organization nope does not exist.',
    });
    expect(await members(fx, 'g1')).toEqual([]);
  });

  it('refuses a call without user ids', async () => {
    const { fx } = await setUp();
    expect(
      await error(fx, addUsersToGroups, {
        organizationId: ORG,
        organizationUserGroupId: 'g1',
        userIds: [],
      }),
    ).toEqual({ http: 400, status: 'INVALID_ARGUMENT', message: 'data.userIds must not be empty' });
  });
});

describe('Delete Users from Groups', () => {
  const remove = (fx: WorkspaceFixture, body: Record<string, unknown>) =>
    fx.send(deleteUsersFromGroups, { organizationId: ORG, organizationUserGroupId: 'g1', ...body });
  const data = async (reply: ReturnType<typeof remove>) => {
    const res = await reply;
    if (!('result' in res.body)) throw new Error(JSON.stringify(res.body));
    expect(res.body.result.message).toBe('Users processed for the organization user group.');
    return res.body.result.data;
  };

  it('deletes the users named; one outside the group or the organization is reported', async () => {
    const { fx } = await setUp();
    await addMembers(fx, ORG, 'g1', ['u1', 'u2', 'u3']);
    await addMembers(fx, ORG, 'g2', ['u1']);
    expect(await data(remove(fx, { userIds: ['u1', 'u4', 'ghost', 'u3'] }))).toEqual({
      u1: deletedLine,
      u4: line(false, 'User u4 is not in the user group g1.'),
      ghost: line(false, 'User ghost is not in organization org1.'),
      u3: deletedLine,
    });
    expect(await members(fx, 'g1')).toEqual(['u2']);
    expect(await members(fx, 'g2')).toEqual(['u1']);
    // Deleting again: no longer a member.
    expect(await data(remove(fx, { userIds: ['u1'] }))).toEqual({
      u1: line(false, 'User u1 is not in the user group g1.'),
    });
  });

  it('deletes every member with deleteAll, one line per removed member; an empty group answers {}', async () => {
    const { fx } = await setUp();
    await addMembers(fx, ORG, 'g1', ['u1', 'u2', 'u4']);
    await addMembers(fx, ORG, 'g2', ['u2']);
    expect(await data(remove(fx, { deleteAll: true }))).toEqual({
      u1: deletedLine,
      u2: deletedLine,
      u4: deletedLine,
    });
    expect(await members(fx, 'g1')).toEqual([]);
    expect(await members(fx, 'g2')).toEqual(['u2']);
    expect(await data(remove(fx, { deleteAll: true }))).toEqual({});
    const listed = await fx.send(getUsers, {
      organizationId: ORG,
      organizationUserGroupIds: ['g1'],
    });
    expect('result' in listed.body && listed.body.result.data).toEqual([]);
  });

  it.each([
    [{ userIds: ['u1'], deleteAll: true }, 'Send either userIds or deleteAll: true, not both.'],
    [
      {},
      'Send userIds to delete specific users, or deleteAll: true to delete every user of the group.',
    ],
    [
      { deleteAll: false },
      'Send userIds to delete specific users, or deleteAll: true to delete every user of the group.',
    ],
  ])('%j answers INVALID_ARGUMENT and deletes nothing', async (body, message) => {
    const { fx } = await setUp();
    await addMembers(fx, ORG, 'g1', ['u1']);
    const res = await remove(fx, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
    expect(await members(fx, 'g1')).toEqual(['u1']);
  });

  it('answers INVALID_ARGUMENT for an unknown group', async () => {
    const { fx } = await setUp();
    const res = await remove(fx, { organizationUserGroupId: 'g9', deleteAll: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'User group g9 does not exist in organization org1.',
      },
    });
  });
});

describe('Groups per API key', () => {
  it('reach only the organizations and groups of their own key', async () => {
    const { fx } = await setUp();
    await addMembers(fx, ORG, 'g1', ['u1']);
    const other = await createWorkspaceFixture(svc);
    const orgMissing = {
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: 'Organization org1 does not exist.',
    };
    const group = { organizationId: ORG, organizationUserGroupId: 'g1' };
    expect(await error(other, addUsersToGroups, { ...group, userIds: ['u2'] })).toEqual(orgMissing);
    expect(await error(other, deleteUsersFromGroups, { ...group, deleteAll: true })).toEqual(
      orgMissing,
    );
    expect(
      await error(other, addUserGroups, {
        organizationId: ORG,
        organizationUserGroups: [{ groupId: 'g7', groupName: 'G' }],
      }),
    ).toEqual(orgMissing);
    // Its own organization of the same id has none of the first key's groups or users.
    await insertOrganizationRows(svc.database.db, other.apiKey, ORG);
    expect(await error(other, addUsersToGroups, { ...group, userIds: ['u1'] })).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: 'User group g1 does not exist in organization org1.',
    });
    await addGroups(other, ORG, ['g1']);
    expect(await addMembers(other, ORG, 'g1', ['u1'])).toEqual({
      u1: line(false, 'User u1 is not in organization org1.'),
    });
    expect(await members(fx, 'g1')).toEqual(['u1']);
  });
});
