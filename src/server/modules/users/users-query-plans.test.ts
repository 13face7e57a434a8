import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsToFetch } from '../../db/keyset';
import { ensureOrganization } from '../../rows/organization-store';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan, rowsRead } from '../../testing/query-plan';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { listUserGroups, userGroupPageStatement } from './groups-store';
import {
  type Membership,
  type UserFilters,
  documentUsersPageStatement,
  usersPageStatement,
} from './list-store';

const USERS = 50_000;
const DOCUMENTS = 3_000;
const FOLDERS = 300;
const DOCUMENTS_PER_USER = 1;
/** Five big groups (every user, then every 3rd, 5th, 7th and 11th), the rest 100 users each. */
const GROUPS = 40;
/** Groups h00000… without members, so that reading every group costs more than a page. */
const MORE_GROUPS = 20_000;
const ORG = 'org-plans';
const PAGE = rowsToFetch(1000);
const now = new Date('2026-03-01T12:00:00Z');

let svc: TestService;
let apiKeyId: string;

const user = (n: number) => `u${String(n).padStart(6, '0')}`;

beforeAll(async () => {
  svc = await startTestService({ jobRunner: { background: false } });
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  const db = svc.database.db;
  const at = now.toISOString();
  await ensureOrganization(db, apiKeyId, ORG, now);
  // Loaded straight into the tables: the service's own inserts go a request at a time.
  await db.execute(sql`
    insert into organization_users
      (api_key_id, organization_id, user_id, name, email, organization_level, created_at, updated_at)
    select ${apiKeyId}, ${ORG}, 'u' || lpad(n::text, 6, '0'), 'User ' || n, 'u' || n || '@example.com',
      n % 10 = 0, ${at}::timestamptz, ${at}::timestamptz
    from generate_series(0, ${USERS - 1}) as n`);
  await db.execute(sql`
    insert into folders (api_key_id, organization_id, folder_id, folder_name, parent_folder_id,
      ancestors, depth, access_type, inherit_access_from_parent, created_at, updated_at)
    select ${apiKeyId}, ${ORG}, 'f' || n, 'Folder ' || n, 'root', array['root'], 1, 'public', false,
      ${at}::timestamptz, ${at}::timestamptz
    from generate_series(0, ${FOLDERS - 1}) as n`);
  await db.execute(sql`
    insert into documents (api_key_id, organization_id, document_id, document_name, access_type,
      created_at, updated_at)
    select ${apiKeyId}, ${ORG}, 'd' || lpad(n::text, 5, '0'), 'Document ' || n, 'public',
      ${at}::timestamptz, ${at}::timestamptz
    from generate_series(0, ${DOCUMENTS - 1}) as n`);
  await db.execute(sql`
    insert into document_users (api_key_id, organization_id, document_id, user_id, created_at)
    select ${apiKeyId}, ${ORG}, 'd' || lpad(((n * 7 + k * 1009) % ${DOCUMENTS})::text, 5, '0'),
      'u' || lpad(n::text, 6, '0'), ${at}::timestamptz
    from generate_series(0, ${USERS - 1}) as n, generate_series(0, ${DOCUMENTS_PER_USER - 1}) as k
    on conflict do nothing`);
  await db.execute(sql`
    insert into folder_users (api_key_id, organization_id, folder_id, user_id, created_at)
    select ${apiKeyId}, ${ORG}, 'f' || (n % ${FOLDERS}), 'u' || lpad(n::text, 6, '0'), ${at}::timestamptz
    from generate_series(0, ${USERS - 1}) as n`);
  await db.execute(sql`
    insert into user_groups (api_key_id, organization_id, group_id, group_name, created_at, updated_at)
    select ${apiKeyId}, ${ORG}, 'g' || n, 'Group ' || n, ${at}::timestamptz, ${at}::timestamptz
    from generate_series(0, ${GROUPS - 1}) as n`);
  await db.execute(sql`
    insert into user_groups (api_key_id, organization_id, group_id, group_name, created_at, updated_at)
    select ${apiKeyId}, ${ORG}, 'h' || lpad(n::text, 5, '0'), 'Group ' || n, ${at}::timestamptz,
      ${at}::timestamptz
    from generate_series(0, ${MORE_GROUPS - 1}) as n`);
  await db.execute(sql`
    insert into user_group_members (api_key_id, organization_id, group_id, user_id, created_at)
    select ${apiKeyId}, ${ORG}, 'g' || g, 'u' || lpad(n::text, 6, '0'), ${at}::timestamptz
    from generate_series(0, 4) as g, generate_series(0, ${USERS - 1}) as n
    where n % (array[1, 3, 5, 7, 11])[g + 1] = 0`);
  await db.execute(sql`
    insert into user_group_members (api_key_id, organization_id, group_id, user_id, created_at)
    select ${apiKeyId}, ${ORG}, 'g' || g, 'u' || lpad(((g * 997 + n * 13) % ${USERS})::text, 6, '0'),
      ${at}::timestamptz
    from generate_series(5, ${GROUPS - 1}) as g, generate_series(0, 99) as n
    on conflict do nothing`);
  for (const table of [
    'organization_users',
    'folders',
    'documents',
    'document_users',
    'folder_users',
    'user_groups',
    'user_group_members',
  ]) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
}, 300_000);
afterAll(() => svc.close());

const filters = (
  membership: Membership,
  ids: { userIds?: string[]; groupIds?: string[] } = {},
): UserFilters => ({ apiKeyId, organizationId: ORG, membership, ...ids });

const allGroups = Array.from({ length: 30 }, (_, i) => `g${i}`);
const someUsers = Array.from({ length: 30 }, (_, i) => user(i * 1999));
const middle = user(USERS / 2);

/** The plan uses an index at every step and sorts at most a page; answers the indexes. */
async function indexed(statement: SQL): Promise<string[]> {
  return expectIndexedPlan(svc.database.db, statement);
}

it(`loads ${USERS} users with their memberships and groups`, async () => {
  const [count] = await rows<{ users: number; memberships: number; members: number }>(
    svc.database.db,
    sql`select (select count(*)::int from organization_users) as users,
      (select count(*)::int from document_users) as memberships,
      (select count(*)::int from user_group_members) as members`,
  );
  expect(count?.users).toBe(USERS);
  expect(count?.memberships).toBeGreaterThanOrEqual(USERS);
  expect(count?.members).toBeGreaterThan(USERS);
});

it('pages organization-level users through the partial index', async () => {
  for (const afterUserId of [undefined, middle]) {
    const used = await indexed(
      usersPageStatement(filters({ kind: 'organizationLevel' }), afterUserId, PAGE),
    );
    expect(used).toContain('organization_users_level_idx');
  }
});

it('pages a document’s and a folder’s users through their membership keys', async () => {
  const doc = await indexed(
    usersPageStatement(filters({ kind: 'document', documentId: 'd00042' }), middle, PAGE),
  );
  expect(doc).toEqual(expect.arrayContaining(['document_users_pk', 'organization_users_pk']));
  const folder = await indexed(
    usersPageStatement(filters({ kind: 'folder', folderId: 'f7' }), undefined, PAGE),
  );
  expect(folder).toEqual(expect.arrayContaining(['folder_users_pk', 'organization_users_pk']));
  const inGroups = await indexed(
    usersPageStatement(
      filters({ kind: 'document', documentId: 'd00042' }, { groupIds: allGroups }),
      undefined,
      PAGE,
    ),
  );
  expect(inGroups).toEqual(expect.arrayContaining(['document_users_pk']));
});

it('reads at most 30 users by primary key, whatever else filters them', async () => {
  for (const membership of [
    { kind: 'any' },
    { kind: 'anyDocument' },
    { kind: 'document', documentId: 'd00042' },
    { kind: 'folder', folderId: 'f7' },
  ] satisfies Membership[]) {
    for (const groupIds of [undefined, allGroups]) {
      const used = await indexed(
        usersPageStatement(
          filters(membership, { userIds: someUsers, ...(groupIds ? { groupIds } : {}) }),
          someUsers[3],
          PAGE,
        ),
      );
      expect(used).toContain('organization_users_pk');
    }
  }
});

it('merges up to 30 groups, big ones included, without sorting their members', async () => {
  for (const membership of [{ kind: 'any' }, { kind: 'anyDocument' }] satisfies Membership[]) {
    for (const afterUserId of [undefined, middle]) {
      const used = await indexed(
        usersPageStatement(filters(membership, { groupIds: allGroups }), afterUserId, PAGE),
      );
      expect(used).toContain('user_group_members_pk');
    }
  }
});

it('pages every document user once through document_users_user_idx', async () => {
  const used = await indexed(usersPageStatement(filters({ kind: 'anyDocument' }), middle, PAGE));
  expect(used).toContain('document_users_user_idx');
});

it('pages document memberships grouped by document in key order', async () => {
  const position = { documentId: 'd01500', userId: middle };
  const all = await indexed(
    documentUsersPageStatement(filters({ kind: 'anyDocument' }), position, PAGE),
  );
  expect(all).toContain('document_users_pk');
  const grouped = await indexed(
    documentUsersPageStatement(
      filters({ kind: 'anyDocument' }, { groupIds: allGroups }),
      position,
      PAGE,
    ),
  );
  expect(grouped).toContain('document_users_pk');
  const byUser = await indexed(
    documentUsersPageStatement(
      filters({ kind: 'anyDocument' }, { userIds: someUsers, groupIds: allGroups }),
      position,
      PAGE,
    ),
  );
  expect(byUser).toContain('document_users_user_idx');
});

it('pages groups through their key and counts the members of the page’s groups alone', async () => {
  const db = svc.database.db;
  const page = { apiKeyId, organizationId: ORG, limit: PAGE };
  for (const q of [page, { ...page, afterGroupId: 'g1' }, { ...page, groupIds: allGroups }]) {
    const used = await indexed(userGroupPageStatement(q));
    expect(used).toEqual(expect.arrayContaining(['user_groups_pk', 'user_group_members_pk']));
  }
  // g10–g19, after g1 in id order, have 100 members each; the five big groups hold most of the
  // organization's 90,000 memberships, and a page without them must not read them.
  const statement = userGroupPageStatement({ ...page, afterGroupId: 'g1', limit: 10 });
  const groups = await listUserGroups(db, statement);
  expect(groups.map((g) => g.group_id)).toEqual(Array.from({ length: 10 }, (_, i) => `g1${i}`));
  const counted = groups.reduce((sum, g) => sum + g.member_count, 0);
  expect(counted).toBe(1000);
  expect(await rowsRead(db, statement, 'user_group_members')).toBe(counted);
});
