import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '#contract/common';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import type { DataOf } from '#contract/endpoint';
import { addUsers, getUsers } from '#contract/users';
import {
  addGroups,
  addMembers,
  insertOrganizationRows,
  userNamed,
} from '../../testing/user-fixtures';
import { dataOf } from '../../testing/replies';

type UsersAnswer = DataOf<typeof getUsers>;

/*
 * 2,500 organization-level users p00000…p02499 (ids that sort alike in every collation), with
 * documents dA (every 2nd user), dB (every 3rd), dC (every 5th) and groups gA (every odd user),
 * gB (every 3rd), gC (every 7th).
 */
const USERS = 2500;
const ORG = 'big';
const ids = Array.from({ length: USERS }, (_, i) => `p${String(i).padStart(5, '0')}`);
const every = (n: number, offset = 0) => ids.filter((_, i) => i % n === offset);
const documents = { dA: every(2), dB: every(3), dC: every(5) };
const groups = { gA: every(2, 1), gB: every(3), gC: every(7) };

let svc: TestService;
let fx: WorkspaceFixture;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
  await insertOrganizationRows(svc.database.db, fx.apiKey, ORG, {
    documentIds: Object.keys(documents),
  });
  for (const part of chunks(ids, 1000)) {
    dataOf(await fx.send(addUsers, { organizationId: ORG, users: part.map(userNamed) }));
  }
  for (const [documentId, members] of Object.entries(documents)) {
    for (const part of chunks(members, 1000)) {
      dataOf(
        await fx.send(addUsers, { organizationId: ORG, documentId, users: part.map(userNamed) }),
      );
    }
  }
  await addGroups(fx, ORG, Object.keys(groups));
  for (const [groupId, members] of Object.entries(groups)) {
    for (const part of chunks(members, 1000)) await addMembers(fx, ORG, groupId, part);
  }
}, 120_000);
afterAll(() => svc.close());

interface Page {
  data: UsersAnswer;
  nextPageToken: string | null | undefined;
}

async function page(filters: Record<string, unknown>, pageToken?: string): Promise<Page> {
  const res = await fx.send(getUsers, {
    organizationId: ORG,
    ...filters,
    ...(pageToken ? { pageToken } : {}),
  });
  if (!('result' in res.body)) throw new Error(JSON.stringify(res.body));
  return { data: res.body.result.data, nextPageToken: res.body.result.nextPageToken };
}

/** Every page of a query, following nextPageToken until it is null. */
async function allPages(filters: Record<string, unknown>): Promise<UsersAnswer[]> {
  const pages: UsersAnswer[] = [];
  let token: string | undefined;
  do {
    const next = await page(filters, token);
    pages.push(next.data);
    token = next.nextPageToken ?? undefined;
  } while (token);
  return pages;
}

const asList = (answer: UsersAnswer): User[] => {
  if (!Array.isArray(answer)) throw new Error('expected a list');
  return answer;
};
const userIdsOf = (pages: UsersAnswer[]) => pages.flatMap((p) => asList(p).map((u) => u.userId));

it('pages the organization’s users by the default 1000: no gap, no duplicate, in id order', async () => {
  const pages = await allPages({});
  expect(pages.map((p) => asList(p).length)).toEqual([1000, 1000, 500]);
  expect(userIdsOf(pages)).toEqual(ids);
  expect(pages.flatMap(asList)).toEqual(ids.map(userNamed));
});

it('pages the members of several groups, each member once', async () => {
  const pages = await allPages({ organizationUserGroupIds: ['gC', 'gA', 'gB'], pageSize: 333 });
  const members = new Set([...groups.gA, ...groups.gB, ...groups.gC]);
  expect(userIdsOf(pages)).toEqual(ids.filter((id) => members.has(id)));
  expect(pages.slice(0, -1).every((p) => asList(p).length === 333)).toBe(true);
});

it('pages every document user once (allDocuments)', async () => {
  const pages = await allPages({ allDocuments: true, pageSize: 400 });
  const members = new Set([...documents.dA, ...documents.dB, ...documents.dC]);
  expect(userIdsOf(pages)).toEqual(ids.filter((id) => members.has(id)));
});

it('pages a document’s users that are in a group', async () => {
  const pages = await allPages({
    documentId: 'dA',
    organizationUserGroupIds: ['gB'],
    pageSize: 100,
  });
  expect(userIdsOf(pages)).toEqual(every(6));
});

it('pages memberships grouped by document, a document split across pages', async () => {
  const pages = await allPages({ allDocuments: true, groupByDocumentId: true, pageSize: 700 });
  expect(pages).toHaveLength(Math.ceil((1250 + 834 + 500) / 700));
  const merged: Record<string, string[]> = {};
  for (const p of pages) {
    if (Array.isArray(p)) throw new Error('expected a map');
    const sizes = Object.values(p).reduce((n, users) => n + users.length, 0);
    if (p !== pages.at(-1)) expect(sizes).toBe(700);
    for (const [documentId, users] of Object.entries(p)) {
      merged[documentId] = [...(merged[documentId] ?? []), ...users.map((u) => u.userId)];
    }
  }
  expect(merged).toEqual(documents);
});

it('pages the memberships of 30 users grouped by document', async () => {
  const chosen = ids.filter((_, i) => i % 83 === 0).slice(0, 30);
  const pages = await allPages({
    allDocuments: true,
    groupByDocumentId: true,
    userIds: chosen,
    pageSize: 7,
  });
  const merged: Record<string, string[]> = {};
  for (const p of pages) {
    for (const [documentId, users] of Object.entries(p as Record<string, User[]>)) {
      merged[documentId] = [...(merged[documentId] ?? []), ...users.map((u) => u.userId)];
    }
  }
  const expected = Object.fromEntries(
    Object.entries(documents).map(([d, members]) => [d, chosen.filter((u) => members.includes(u))]),
  );
  expect(merged).toEqual(expected);
});

it('continues after its position when users are added between pages', async () => {
  const first = await page({});
  expect(asList(first.data).at(-1)?.userId).toBe('p00999');
  // One user before the position (not on a later page) and one after it (on a later page).
  dataOf(
    await fx.send(addUsers, {
      organizationId: ORG,
      users: [userNamed('p00000a'), userNamed('p01500a')],
    }),
  );
  let token = first.nextPageToken ?? undefined;
  const rest: string[] = [];
  while (token) {
    const next = await page({}, token);
    rest.push(...asList(next.data).map((u) => u.userId));
    token = next.nextPageToken ?? undefined;
  }
  expect(rest).toEqual([...ids.slice(1000, 1501), 'p01500a', ...ids.slice(1501)]);
});

it('binds a token to its filters and its API key', async () => {
  const first = await page({ organizationUserGroupIds: ['gA', 'gB'], pageSize: 500 });
  const token = first.nextPageToken ?? '';
  expect(token).not.toBe('');
  const invalid = {
    error: {
      status: 'INVALID_ARGUMENT',
      message: 'data.pageToken is not valid for this list and filters; start again without it.',
    },
  };
  for (const filters of [
    { organizationUserGroupIds: ['gA'] },
    { organizationUserGroupIds: ['gA', 'gB', 'gC'] },
    { organizationUserGroupIds: ['gA', 'gB'], allDocuments: true },
    {},
  ]) {
    const res = await fx.send(getUsers, { organizationId: ORG, ...filters, pageToken: token });
    expect(res.body).toEqual(invalid);
  }
  const other = await createWorkspaceFixture(svc);
  await insertOrganizationRows(svc.database.db, other.apiKey, ORG);
  await addGroups(other, ORG, ['gA', 'gB']);
  const foreign = await other.send(getUsers, {
    organizationId: ORG,
    organizationUserGroupIds: ['gA', 'gB'],
    pageToken: token,
  });
  expect(foreign.body).toEqual(invalid);
  // The same groups in another order are the same query.
  const members = ids.filter((_, i) => i % 2 === 1 || i % 3 === 0);
  const next = await page({ organizationUserGroupIds: ['gB', 'gA'], pageSize: 500 }, token);
  expect(asList(next.data).map((u) => u.userId)).toEqual(members.slice(500, 1000));
});
