import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import type { DataOf } from '#contract/endpoint';
import {
  addGroups,
  addMembers,
  insertOrganizationRows,
  userNamed,
} from '../../testing/user-fixtures';
import { dataOf } from '../../testing/replies';
import { addUsers, getUsers } from '#contract/users';

type UsersAnswer = DataOf<typeof getUsers>;

/*
 * The known data set of organization `acme`:
 *   organization-level  u01 u02 u06
 *   document d1         u01 u03 u06      document d2  u01 u04      document d3  u07
 *   folder f1           u04 u05          folder f2    u07
 *   group g1            u01 u02 u05      group g2     u02 u03      group g3     u04   group g4 (empty)
 */
const ORG = 'acme';
let svc: TestService;
let fx: WorkspaceFixture;

const users = (...ids: string[]) => ids.map(userNamed);

beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
  await insertOrganizationRows(svc.database.db, fx.apiKey, ORG, {
    documentIds: ['d1', 'd2', 'd3'],
    folderIds: ['f1', 'f2'],
  });
  const add = async (where: Record<string, string>, ...ids: string[]) =>
    dataOf(await fx.send(addUsers, { organizationId: ORG, ...where, users: users(...ids) }));
  await add({}, 'u01', 'u02', 'u06');
  await add({ documentId: 'd1' }, 'u01', 'u03', 'u06');
  await add({ documentId: 'd2' }, 'u01', 'u04');
  await add({ documentId: 'd3' }, 'u07');
  await add({ folderId: 'f1' }, 'u04', 'u05');
  await add({ folderId: 'f2' }, 'u07');
  await addGroups(fx, ORG, ['g1', 'g2', 'g3', 'g4']);
  await addMembers(fx, ORG, 'g1', ['u01', 'u02', 'u05']);
  await addMembers(fx, ORG, 'g2', ['u02', 'u03']);
  await addMembers(fx, ORG, 'g3', ['u04']);
});
afterAll(() => svc.close());

async function get(filters: Record<string, unknown>): Promise<UsersAnswer> {
  const res = await fx.send(getUsers, { organizationId: ORG, ...filters });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!('result' in res.body)) throw new Error('no result');
  expect(res.body.result.message).toBe('Users retrieved successfully.');
  // The last page leaves the token out: the hosted OpenAPI types it as a string.
  expect(res.body.result).not.toHaveProperty('nextPageToken');
  return res.body.result.data;
}

async function refused(filters: Record<string, unknown>, caller: WorkspaceFixture = fx) {
  const res = await caller.send(getUsers, filters);
  return { http: res.status, ...res.body.error };
}

describe('Get Users answers every filter combination of the specification', () => {
  const cases: [string, Record<string, unknown>, UsersAnswer][] = [
    ['the organization alone: its organization-level users', {}, users('u01', 'u02', 'u06')],
    ['a document: its users', { documentId: 'd1' }, users('u01', 'u03', 'u06')],
    ['another document', { documentId: 'd2' }, users('u01', 'u04')],
    ['a folder: its users', { folderId: 'f1' }, users('u04', 'u05')],
    [
      'user ids: those users of the organization, whatever their membership',
      { userIds: ['u07', 'u02', 'u99', 'u05'] },
      users('u02', 'u05', 'u07'),
    ],
    ['a group: its members', { organizationUserGroupIds: ['g1'] }, users('u01', 'u02', 'u05')],
    [
      'groups: members of any, each once',
      { organizationUserGroupIds: ['g2', 'g1'] },
      users('u01', 'u02', 'u03', 'u05'),
    ],
    ['an empty group', { organizationUserGroupIds: ['g4'] }, []],
    [
      'user ids with group ids: the users among the members',
      { userIds: ['u01', 'u03', 'u05'], organizationUserGroupIds: ['g1'] },
      users('u01', 'u05'),
    ],
    ['a document with user ids', { documentId: 'd1', userIds: ['u01', 'u04'] }, users('u01')],
    [
      'a document with groups',
      { documentId: 'd1', organizationUserGroupIds: ['g2'] },
      users('u03'),
    ],
    [
      'a document with user ids and groups',
      { documentId: 'd1', userIds: ['u01', 'u03'], organizationUserGroupIds: ['g1'] },
      users('u01'),
    ],
    [
      'a folder with groups',
      { folderId: 'f1', organizationUserGroupIds: ['g1', 'g4'] },
      users('u05'),
    ],
    ['a folder with user ids', { folderId: 'f1', userIds: ['u04', 'u07'] }, users('u04')],
    [
      'allDocuments: every document user, organization-level-only and folder-only users left out',
      { allDocuments: true },
      users('u01', 'u03', 'u04', 'u06', 'u07'),
    ],
    [
      'allDocuments with groups',
      { allDocuments: true, organizationUserGroupIds: ['g1', 'g2'] },
      users('u01', 'u03'),
    ],
    [
      'allDocuments with user ids',
      { allDocuments: true, userIds: ['u02', 'u03', 'u05'] },
      users('u03'),
    ],
    [
      'allDocuments grouped by document',
      { allDocuments: true, groupByDocumentId: true },
      { d1: users('u01', 'u03', 'u06'), d2: users('u01', 'u04'), d3: users('u07') },
    ],
    [
      'grouped, with user ids',
      { allDocuments: true, groupByDocumentId: true, userIds: ['u01', 'u07'] },
      { d1: users('u01'), d2: users('u01'), d3: users('u07') },
    ],
    [
      'grouped, with groups',
      { allDocuments: true, groupByDocumentId: true, organizationUserGroupIds: ['g2', 'g3'] },
      { d1: users('u03'), d2: users('u04') },
    ],
    [
      'grouped, with user ids and groups',
      {
        allDocuments: true,
        groupByDocumentId: true,
        userIds: ['u01', 'u03'],
        organizationUserGroupIds: ['g2'],
      },
      { d1: users('u03') },
    ],
    [
      'grouped, nothing matches',
      { allDocuments: true, groupByDocumentId: true, organizationUserGroupIds: ['g4'] },
      {},
    ],
    ['allDocuments: false is no filter', { allDocuments: false }, users('u01', 'u02', 'u06')],
  ];
  it.each(cases)('%s', async (_name, filters, expected) => {
    const data = await get(filters);
    expect(data).toEqual(expected);
    if (!Array.isArray(data) && !Array.isArray(expected)) {
      expect(Object.keys(data)).toEqual(Object.keys(expected));
    }
  });
});

describe('Get Users pages', () => {
  async function pages(filters: Record<string, unknown>) {
    const seen: UsersAnswer[] = [];
    let pageToken: string | undefined;
    for (;;) {
      const res = await fx.send(getUsers, {
        organizationId: ORG,
        ...filters,
        ...(pageToken ? { pageToken } : {}),
      });
      if (!('result' in res.body)) throw new Error(JSON.stringify(res.body));
      seen.push(res.body.result.data);
      const next = res.body.result.nextPageToken;
      if (!next) return seen;
      pageToken = next;
    }
  }

  it('answers nextPageToken while more follow and none on the last page', async () => {
    expect(await pages({ documentId: 'd1', pageSize: 2 })).toEqual([
      users('u01', 'u03'),
      users('u06'),
    ]);
    expect(await pages({ organizationUserGroupIds: ['g1', 'g2'], pageSize: 3 })).toEqual([
      users('u01', 'u02', 'u03'),
      users('u05'),
    ]);
    // A page that ends exactly at the end still says so without another call.
    expect(await pages({ documentId: 'd2', pageSize: 2 })).toEqual([users('u01', 'u04')]);
  });

  it('pages grouped answers by membership, a document continuing on the next page', async () => {
    expect(await pages({ allDocuments: true, groupByDocumentId: true, pageSize: 2 })).toEqual([
      { d1: users('u01', 'u03') },
      { d1: users('u06'), d2: users('u01') },
      { d2: users('u04'), d3: users('u07') },
    ]);
    expect(
      await pages({
        allDocuments: true,
        groupByDocumentId: true,
        userIds: ['u01', 'u06', 'u07'],
        pageSize: 2,
      }),
    ).toEqual([{ d1: users('u01', 'u06') }, { d2: users('u01'), d3: users('u07') }]);
  });
});

describe('Get Users refuses', () => {
  const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it.each([
    [{ userIds: ids(31, 'u') }, 'data.userIds must have at most 30 items'],
    [
      { organizationUserGroupIds: ids(31, 'g') },
      'data.organizationUserGroupIds must have at most 30 items',
    ],
    [{ userIds: [] }, 'data.userIds must not be empty when given'],
    [
      { documentId: 'd1', folderId: 'f1' },
      'data.folderId cannot be combined with documentId; provide either documentId or folderId',
    ],
    [
      { groupByDocumentId: true },
      'data.groupByDocumentId works only together with allDocuments: true',
    ],
    [
      { allDocuments: true, documentId: 'd1' },
      'data.allDocuments cannot be combined with documentId or folderId: it lists the users of every document',
    ],
    [{ pageSize: 0 }, 'data.pageSize must be at least 1'],
    [{ pageSize: 1001 }, 'data.pageSize must be at most 1000'],
    [{ pageSize: 2.5 }, 'data.pageSize must be a whole number'],
    [
      { pageToken: 'nonsense' },
      'data.pageToken is not valid for this list and filters; start again without it.',
    ],
  ])('%j with INVALID_ARGUMENT', async (filters, message) => {
    expect(await refused({ organizationId: ORG, ...filters })).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message,
    });
  });

  it('refuses a request without an organization', async () => {
    expect(await refused({ documentId: 'd1' })).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'data.organizationId is required',
    });
  });

  it('refuses a page token of another query: other filters, grouping, organization or key', async () => {
    const first = await fx.send(getUsers, { organizationId: ORG, allDocuments: true, pageSize: 1 });
    if (!('result' in first.body)) throw new Error(JSON.stringify(first.body));
    const pageToken = first.body.result.nextPageToken;
    expect(pageToken).toEqual(expect.any(String));
    const invalid = {
      status: 'INVALID_ARGUMENT',
      message: 'data.pageToken is not valid for this list and filters; start again without it.',
    };
    for (const other of [
      { organizationId: ORG, pageToken },
      { organizationId: ORG, allDocuments: true, userIds: ['u01'], pageToken },
      { organizationId: ORG, allDocuments: true, groupByDocumentId: true, pageToken },
      { organizationId: ORG, documentId: 'd1', pageToken },
      { organizationId: 'other', allDocuments: true, pageToken },
    ]) {
      expect(await refused(other)).toMatchObject(invalid);
    }
    const stranger = await createWorkspaceFixture(svc);
    await insertOrganizationRows(svc.database.db, stranger.apiKey, ORG);
    expect(
      await refused({ organizationId: ORG, allDocuments: true, pageToken }, stranger),
    ).toMatchObject(invalid);
    // The same query with another page size continues where the token says.
    const next = await get({ allDocuments: true, pageSize: 10, pageToken });
    expect(next).toEqual(users('u03', 'u04', 'u06', 'u07'));
  });

  it.each([
    [{ organizationId: 'nope' }, 'Organization nope does not exist.'],
    [{ organizationId: ORG, documentId: 'd9' }, 'Document d9 does not exist in organization acme.'],
    [{ organizationId: ORG, folderId: 'f9' }, 'Folder f9 does not exist in organization acme.'],
    [
      { organizationId: ORG, organizationUserGroupIds: ['g1', 'g8', 'g9'] },
      'User group g8 does not exist in organization acme.',
    ],
  ])('%j with INVALID_ARGUMENT naming what is missing', async (filters, why) => {
    expect(await refused(filters)).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: `Error retrieving user(s). ${why}`,
    });
  });

  it('answers INTERNAL with the specification’s message on an unexpected failure, no detail', async () => {
    const db = svc.database.db;
    await db.execute(sql`alter table organization_users rename to organization_users_away`);
    try {
      const res = await fx.send(getUsers, { organizationId: ORG });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: { status: 'INTERNAL', message: 'Error retrieving user(s).' },
      });
    } finally {
      await db.execute(sql`alter table organization_users_away rename to organization_users`);
    }
    expect(svc.logs.join('\n')).toContain('Get Users failed');
    expect(await get({})).toEqual(users('u01', 'u02', 'u06'));
  });
});

describe('Get Users per API key', () => {
  it('sees only the organizations, users and groups of its own key', async () => {
    const other = await createWorkspaceFixture(svc);
    expect(await refused({ organizationId: ORG }, other)).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: 'Error retrieving user(s). Organization acme does not exist.',
    });
    // The same organization, document and group ids under another key are other records.
    await insertOrganizationRows(svc.database.db, other.apiKey, ORG, { documentIds: ['d1'] });
    dataOf(
      await other.send(addUsers, {
        organizationId: ORG,
        documentId: 'd1',
        users: users('u01', 'x01'),
      }),
    );
    await addGroups(other, ORG, ['g1']);
    await addMembers(other, ORG, 'g1', ['x01']);
    const theirs = async (filters: Record<string, unknown>) => {
      const res = await other.send(getUsers, { organizationId: ORG, ...filters });
      return 'result' in res.body ? res.body.result.data : res.body;
    };
    expect(await theirs({ documentId: 'd1' })).toEqual(users('u01', 'x01'));
    expect(await theirs({ organizationUserGroupIds: ['g1'] })).toEqual(users('x01'));
    expect(await theirs({ userIds: ['u01', 'u02', 'u03'] })).toEqual(users('u01'));
    expect(await theirs({})).toEqual([]);
    expect(await get({ organizationUserGroupIds: ['g1'] })).toEqual(users('u01', 'u02', 'u05'));
  });
});
