import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Folder, getFolders, getFoldersV1, MAX_FOLDERS_ANSWERED } from '#contract/folders';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan } from '../../testing/query-plan';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { FLAT_LIST_CHUNK } from './get-folders';
import { childrenQuery, findFolder, flatListQuery, foldersByIdQuery, subtreeQuery } from './store';

/**
 * One organization of 51,111 folders: f0 at the top, then a ten-way tree (fi's children are
 * f(10i+1) … f(10i+10)) five levels below it, the last level partly filled. f1's subtree three
 * levels deep holds 1,110 folders, f0's whole subtree more than MAX_FOLDERS_ANSWERED.
 */
const LAST = 51_110;
const FOLDERS = LAST + 1;
const ORG = 'plan-org';
const at = '2026-03-01T12:00:00.000Z';
let svc: TestService;
let fx: WorkspaceFixture;

beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
  const db = svc.database.db;
  const key = fx.apiKey;
  await db.execute(sql`insert into organizations
    (api_key_id, organization_id, organization_name, created_at, updated_at)
    values (${key}, ${ORG}, 'Plans', ${at}::timestamptz, ${at}::timestamptz)`);
  await db.execute(sql`
    with recursive tree(i, parent, ancestors) as (
      select 0, 'root'::text, array['root']::text[]
      union all
      select c, 'f' || tree.i, tree.ancestors || ('f' || tree.i)
      from tree, generate_series(tree.i * 10 + 1, least(tree.i * 10 + 10, ${LAST})) as c
      where tree.i * 10 + 1 <= ${LAST}
    )
    insert into folders (api_key_id, organization_id, folder_id, folder_name, parent_folder_id,
      ancestors, depth, access_type, inherit_access_from_parent, created_at, updated_at)
    select ${key}, ${ORG}, 'f' || i, 'Folder ' || i, parent, ancestors, cardinality(ancestors),
      'public', true, ${at}::timestamptz, ${at}::timestamptz
    from tree`);
  // Statistics first, so that the closure rows' foreign-key checks look folders up by key.
  await db.execute(sql`analyze folders`);
  await db.execute(sql`
    insert into folder_closure (api_key_id, organization_id, ancestor_id, distance, descendant_id)
    select f.api_key_id, f.organization_id, a.id, f.depth - a.n + 1, f.folder_id
    from folders f, unnest(f.ancestors) with ordinality as a(id, n)
    where f.api_key_id = ${key} and a.n > 1`);
  await db.execute(sql`analyze folder_closure`);
}, 300_000);
afterAll(() => svc.close());

it(`holds ${FOLDERS} folders with their closure rows`, async () => {
  const [count] = await rows<{ folders: number; closure: number }>(
    svc.database.db,
    sql`select (select count(*)::int from folders) as folders,
      (select count(*)::int from folder_closure) as closure`,
  );
  // Each folder has one closure row per level above it: 10·1 + 100·2 + 1000·3 + 10000·4 + 40000·5.
  expect(count).toEqual({ folders: FOLDERS, closure: 243_210 });
});

it('reads the flat list chunk by chunk through the primary key, without a sort', async () => {
  const db = svc.database.db;
  for (const after of [undefined, 'f5']) {
    const indexes = await expectIndexedPlan(
      db,
      flatListQuery(db, fx.apiKey, ORG, after, FLAT_LIST_CHUNK).getSQL(),
    );
    expect(indexes).toContain('folders_pk');
  }
});

it('reads a folder by its primary key and its children through the parent index', async () => {
  const db = svc.database.db;
  expect(await findFolder(db, fx.apiKey, ORG, 'f1')).toMatchObject({ depth: 2 });
  const indexes = await expectIndexedPlan(
    db,
    childrenQuery(db, fx.apiKey, ORG, 'f1', MAX_FOLDERS_ANSWERED + 1).getSQL(),
  );
  expect(indexes).toContain('folders_parent_idx');
});

it('reads folders by their IDs (folderIds, extension) through the primary key', async () => {
  const db = svc.database.db;
  const wanted = ['f7', 'f123', 'f51110', 'missing'];
  const found = await foldersByIdQuery(db, fx.apiKey, ORG, wanted);
  expect(found.map((f) => f.folderId)).toEqual(['f123', 'f51110', 'f7']);
  const indexes = await expectIndexedPlan(
    db,
    foldersByIdQuery(db, fx.apiKey, ORG, wanted).getSQL(),
  );
  expect(indexes).toContain('folders_pk');
});

it.each([
  ['a subtree of ~1,000 folders, three levels', 'f1', 3],
  ['immediate subfolders', 'f1', 1],
  ['a subtree of ~11,000 folders to the bound', 'f1', 50],
])('reads %s through the closure key and the folders key', async (_name, folderId, depth) => {
  const db = svc.database.db;
  const indexes = await expectIndexedPlan(
    db,
    subtreeQuery(db, fx.apiKey, ORG, [folderId], depth, MAX_FOLDERS_ANSWERED + 1).getSQL(),
  );
  expect(indexes).toContain('folder_closure_pk');
  expect(indexes).toContain('folders_pk');
});

it('reads the subtrees of many folders at once through the same keys (root, extension)', async () => {
  const db = svc.database.db;
  const tens = Array.from({ length: 10 }, (_, i) => `f${i + 1}`);
  const indexes = await expectIndexedPlan(
    db,
    subtreeQuery(db, fx.apiKey, ORG, tens, 2, MAX_FOLDERS_ANSWERED + 1).getSQL(),
  );
  expect(indexes).toContain('folder_closure_pk');
  expect(indexes).toContain('folders_pk');
  const res = await fx.send(getFolders, { organizationId: ORG, folderId: 'root', maxDepth: 3 });
  const [top] = res.body.result.data;
  expect(top?.subFolders?.length).toBe(10);
  expect(top?.subFolders?.flatMap((f) => f.subFolders ?? []).length).toBe(100);
});

it('answers the subtree of ~1,000 folders nested three levels deep', async () => {
  const res = await fx.send(getFolders, { organizationId: ORG, folderId: 'f1', maxDepth: 3 });
  expect(res.status).toBe(200);
  const [top] = res.body.result.data;
  const perLevel: number[] = [];
  const walk = (f: Folder, level: number) => {
    perLevel[level] = (perLevel[level] ?? 0) + 1;
    for (const s of f.subFolders ?? []) walk(s, level + 1);
  };
  walk(top as Folder, 0);
  expect(perLevel).toEqual([1, 10, 100, 1000]);
});

// Its own timeout: tens of thousands of folders written and read: well past the default on a busy two-core machine.
it(`refuses answers of more than ${MAX_FOLDERS_ANSWERED} folders with INVALID_ARGUMENT`, async () => {
  const flat = (await fx.send(getFolders, { organizationId: ORG })).body;
  expect(flat).toEqual({
    error: {
      status: 'INVALID_ARGUMENT',
      message: `Organization ${ORG} has more than ${MAX_FOLDERS_ANSWERED} folders: read them a subtree at a time with folderId.`,
    },
  });
  expect((await fx.send(getFoldersV1, { organizationId: ORG })).body).toEqual(flat);
  const whole = await fx.send(getFolders, { organizationId: ORG, folderId: 'f0', maxDepth: 50 });
  expect(whole.status).toBe(400);
  expect(whole.body).toEqual({
    error: {
      status: 'INVALID_ARGUMENT',
      message: `Folder f0 has more than ${MAX_FOLDERS_ANSWERED} subfolders within 50 levels: ask for a smaller maxDepth.`,
    },
  });
  // One level less is within the limit: 10 + 100 + 1,000 + 10,000 folders below f0.
  const fewer = await fx.send(getFolders, { organizationId: ORG, folderId: 'f0', maxDepth: 4 });
  expect(fewer.status).toBe(200);
}, 120_000);
