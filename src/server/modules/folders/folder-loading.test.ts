import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addFolder, type Folder, getFolders } from '#contract/folders';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { planOf } from '../../testing/query-plan';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { type FolderItem, addFolderBody, storedCounts } from '../../testing/folder-fixtures';
import { type NewFolder, loadFolders } from './write-store';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

/** Folder fi's parent in a ten-way tree under f0. */
const parentIndex = (i: number) => (i === 0 ? undefined : Math.floor((i - 1) / 10));

/** What the planner believes of the folder tables, from their last ANALYZE. */
async function statistics() {
  return rows<{ name: string; tuples: number }>(
    svc.database.db,
    sql`select relname as name, reltuples::int as tuples from pg_class
      where relname in ('folders', 'folder_closure') order by relname`,
  );
}

/** The indexes of the plan for reading one folder by its key. */
async function keyLookupIndexes(apiKeyId: string): Promise<(string | undefined)[]> {
  const nodes = await planOf(
    svc.database.db,
    sql`select * from folders
      where api_key_id = ${apiKeyId} and organization_id = 'org-1' and folder_id = 'f7'`,
  );
  return nodes.map((n) => n['Index Name']).filter((n) => n !== undefined);
}

it('keeps the statistics of the folder tables fresh as Add Folder grows them', async () => {
  const fx = await createWorkspaceFixture(svc);
  const count = 3000;
  const items: FolderItem[] = Array.from({ length: count }, (_, i) => {
    const p = parentIndex(i);
    return { folderId: `f${i}`, ...(p === undefined ? {} : { parentFolderId: `f${p}` }) };
  });
  for (let i = 0; i < count; i += 1000) {
    const res = await fx.send(addFolder, addFolderBody('org-1', items.slice(i, i + 1000)));
    expect(Object.values(res.body.result.data).every((r) => r.success)).toBe(true);
  }
  // Analyzed again each time the tables grew by a fifth: the last time at 80 % or more of now.
  const [closure, folders] = await statistics();
  expect(folders?.tuples).toBeGreaterThanOrEqual(0.8 * count);
  expect(closure?.tuples).toBeGreaterThanOrEqual(
    0.8 * (await storedCounts(svc, fx.apiKey)).closure,
  );
  // With these statistics a folder is read by its key, not by a scan of folders_parent_idx.
  expect(await keyLookupIndexes(fx.apiKey)).toEqual(['folders_pk']);
});

// Its own timeout: twelve thousand folders and their closure rows: well past the default on a busy machine.
it('loads a large tree in bulk with its closure rows, as Add Folder would store it', async () => {
  const fx = await createWorkspaceFixture(svc);
  // The organization first (the loader writes into an existing one), through Add Folder.
  await fx.send(addFolder, addFolderBody('org-1', [{ folderId: 'made-by-call' }]));
  const count = 12_000;
  const chains: string[][] = [];
  const tree: NewFolder[] = Array.from({ length: count }, (_, i) => {
    const p = parentIndex(i);
    const ancestors = p === undefined ? ['root'] : [...(chains[p] ?? []), `f${p}`];
    chains[i] = ancestors;
    return {
      folderId: `f${i}`,
      folderName: `Folder ${i}`,
      parentFolderId: p === undefined ? 'root' : `f${p}`,
      ancestors,
      accessType: 'public',
      inheritAccessFromParent: true,
    };
  });
  await loadFolders(svc.database.db, fx.apiKey, 'org-1', tree, new Date());
  const closure = chains.reduce((n, c) => n + c.length - 1, 0);
  expect(await storedCounts(svc, fx.apiKey)).toEqual({
    folders: count + 1,
    closure,
    organizations: 1,
  });
  const res = await fx.send(getFolders, { organizationId: 'org-1', folderId: 'f1', maxDepth: 3 });
  const [f1] = res.body.result.data;
  expect(f1?.subFolders?.map((f) => f.folderId)).toEqual(
    ['f11', 'f12', 'f13', 'f14', 'f15', 'f16', 'f17', 'f18', 'f19', 'f20'].sort(),
  );
  const deep = (f1?.subFolders ?? [])
    .flatMap((f) => f.subFolders ?? [])
    .flatMap((f: Folder) => f.subFolders ?? []);
  expect(deep).toHaveLength(1000);
  expect(deep.find((f) => f.folderId === 'f1111')?.ancestors).toEqual([
    'root',
    'f0',
    'f1',
    'f11',
    'f111',
  ]);
  expect((await statistics())[1]?.tuples).toBeGreaterThanOrEqual(0.8 * count);
  expect(await keyLookupIndexes(fx.apiKey)).toEqual(['folders_pk']);
}, 120_000);
