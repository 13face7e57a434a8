import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFolder, type Folder, type FolderV1, getFolders, getFoldersV1 } from '#contract/folders';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { type FolderItem, addFolderBody } from '../../testing/folder-fixtures';
import { FLAT_LIST_CHUNK } from './get-folders';

const now = Date.parse('2026-02-03T04:05:06.789Z');
let svc: TestService;
let fx: WorkspaceFixture;

/**
 * Two trees five levels deep (n1 and n2, each node above the fifth level with two children:
 * n1, n1-1, n1-2, n1-1-1 …) and a top-level folder without children.
 */
const tree: FolderItem[] = [{ folderId: 'solo' }];
function grow(id: string, level: number) {
  if (level === 5) return;
  for (const n of [1, 2]) {
    tree.push({ folderId: `${id}-${n}`, parentFolderId: id });
    grow(`${id}-${n}`, level + 1);
  }
}
for (const top of ['n1', 'n2']) {
  tree.push({ folderId: top, ...(top === 'n2' ? { accessType: 'restricted' } : {}) });
  grow(top, 1);
}
const parentOf = new Map(tree.map((f) => [f.folderId, f.parentFolderId ?? 'root']));
const ids = tree.map((f) => f.folderId);

/** The tree's shape below `id`, `depth` levels deep, as the answer should nest it. */
interface Shape {
  id: string;
  sub?: Shape[];
}
function expectedShape(id: string, depth: number): Shape {
  const children = ids.filter((c) => parentOf.get(c) === id).sort();
  return depth === 0 || children.length === 0
    ? { id }
    : { id, sub: children.map((c) => expectedShape(c, depth - 1)) };
}
function shapeOf(f: Folder | FolderV1): Shape {
  return f.subFolders ? { id: f.folderId, sub: f.subFolders.map(shapeOf) } : { id: f.folderId };
}
function ancestorsOf(id: string): string[] {
  const chain: string[] = [];
  for (let p = parentOf.get(id); p !== undefined; p = parentOf.get(p)) chain.unshift(p);
  return chain;
}
/** Every folder of a nested answer, depth first. */
function flatten(f: Folder): Folder[] {
  return [f, ...(f.subFolders ?? []).flatMap(flatten)];
}

beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
  fx = await createWorkspaceFixture(svc);
  // Children before their parents, as a caller may send them.
  const res = await fx.send(addFolder, addFolderBody('org-1', [...tree].reverse()));
  if (!Object.values(res.body.result.data).every((r) => r.success)) {
    throw new Error(`tree not added: ${JSON.stringify(res.body)}`);
  }
});
afterAll(() => svc.close());

const v1Keys = [
  'createdAt',
  'folderId',
  'folderName',
  'lastUpdated',
  'organizationId',
  'parentFolderId',
].sort();
const v2Keys = [...v1Keys, 'accessType', 'ancestors', 'apiKey', 'inheritAccessFromParent'].sort();

describe('Get Folders v2 without folderId', () => {
  it('answers every folder of the organization, flat, in folderId order', async () => {
    const res = await fx.send(getFolders, { organizationId: 'org-1' });
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('success');
    const list = res.body.result.data;
    expect(list.map((f) => f.folderId)).toEqual([...ids].sort());
    for (const f of list) {
      expect(Object.keys(f).sort()).toEqual(v2Keys);
      expect(f.ancestors).toEqual(ancestorsOf(f.folderId));
      expect(f.parentFolderId).toBe(parentOf.get(f.folderId));
    }
    expect(list.find((f) => f.folderId === 'n2-2-1-2-1')).toEqual({
      folderId: 'n2-2-1-2-1',
      folderName: 'Folder n2-2-1-2-1',
      organizationId: 'org-1',
      parentFolderId: 'n2-2-1-2',
      apiKey: fx.apiKey,
      createdAt: now,
      lastUpdated: now,
      ancestors: ['root', 'n2', 'n2-2', 'n2-2-1', 'n2-2-1-2'],
      accessType: 'restricted',
      inheritAccessFromParent: true,
    });
  });

  it(`reads past a chunk of ${FLAT_LIST_CHUNK} in order, each folder once`, async () => {
    const big = await createWorkspaceFixture(svc);
    const count = 2 * FLAT_LIST_CHUNK + 500;
    const made = Array.from({ length: count }, (_, i) => `c${String(i).padStart(5, '0')}`);
    // Added in an order unlike the listing's, in calls of at most 1000.
    const shuffled = made.map((id, i) => made[(i * 7919) % count] ?? id);
    expect(new Set(shuffled).size).toBe(count);
    for (let i = 0; i < count; i += 1000) {
      const res = await big.send(
        addFolder,
        addFolderBody(
          'big',
          shuffled.slice(i, i + 1000).map((folderId) => ({ folderId })),
        ),
      );
      expect(res.status).toBe(200);
    }
    const list = (await big.send(getFolders, { organizationId: 'big' })).body.result.data;
    expect(list.map((f) => f.folderId)).toEqual(made);
  });

  it('answers an empty list for an organization without folders', async () => {
    const other = await createWorkspaceFixture(svc);
    // An Add Folder call that creates the organization but whose only folder fails.
    await other.send(
      addFolder,
      addFolderBody('empty-org', [{ folderId: 'x', parentFolderId: 'missing' }]),
    );
    const res = await other.send(getFolders, { organizationId: 'empty-org' });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual([]);
  });
});

describe('Get Folders v2 with folderId', () => {
  it('answers the folder with its immediate subfolders when maxDepth is omitted', async () => {
    const res = await fx.send(getFolders, { organizationId: 'org-1', folderId: 'n1' });
    expect(res.status).toBe(200);
    expect(res.body.result.data.map(shapeOf)).toEqual([expectedShape('n1', 1)]);
    expect(
      (await fx.send(getFolders, { organizationId: 'org-1', folderId: 'n1', maxDepth: 1 })).body,
    ).toEqual(res.body);
  });

  it.each([2, 3, 4, 50])('nests the subfolders %i levels deep', async (maxDepth) => {
    const res = await fx.send(getFolders, { organizationId: 'org-1', folderId: 'n1', maxDepth });
    expect(res.status).toBe(200);
    expect(res.body.result.data.map(shapeOf)).toEqual([expectedShape('n1', maxDepth)]);
  });

  it('answers three levels below a folder in the middle of the tree for maxDepth 3', async () => {
    const res = await fx.send(getFolders, {
      organizationId: 'org-1',
      folderId: 'n2-1',
      maxDepth: 3,
    });
    expect(res.body.result.data.map(shapeOf)).toEqual([expectedShape('n2-1', 3)]);
    const deepest = flatten(res.body.result.data[0] as Folder).filter(
      (f) => f.ancestors.length === 5,
    );
    expect(deepest.map((f) => f.folderId)).toEqual([
      'n2-1-1-1-1',
      'n2-1-1-1-2',
      'n2-1-1-2-1',
      'n2-1-1-2-2',
      'n2-1-2-1-1',
      'n2-1-2-1-2',
      'n2-1-2-2-1',
      'n2-1-2-2-2',
    ]);
  });

  it('gives every nested folder its v2 fields: ancestors from root, apiKey, access', async () => {
    const res = await fx.send(getFolders, {
      organizationId: 'org-1',
      folderId: 'n2',
      maxDepth: 50,
    });
    const all = flatten(res.body.result.data[0] as Folder);
    expect(all).toHaveLength(31);
    for (const f of all) {
      const { subFolders, ...fields } = f;
      expect(Object.keys(fields).sort()).toEqual(v2Keys);
      // subFolders only where there are subfolders.
      expect(subFolders === undefined).toBe(f.ancestors.length === 5);
      expect(f.ancestors).toEqual(ancestorsOf(f.folderId));
      expect(f).toMatchObject({ apiKey: fx.apiKey, organizationId: 'org-1', createdAt: now });
      expect([f.accessType, f.inheritAccessFromParent]).toEqual(
        f.folderId === 'n2' ? ['restricted', false] : ['restricted', true],
      );
    }
  });

  it('answers a folder without subfolders without subFolders', async () => {
    for (const folderId of ['solo', 'n1-1-1-1-1']) {
      const res = await fx.send(getFolders, { organizationId: 'org-1', folderId, maxDepth: 50 });
      expect(res.body.result.data).toHaveLength(1);
      expect(res.body.result.data[0]).not.toHaveProperty('subFolders');
      expect(res.body.result.data[0]?.ancestors).toEqual(ancestorsOf(folderId));
    }
  });
});

describe('Get Folders v2 with folderId root (extension)', () => {
  const topLevel = ['n1', 'n2', 'solo'];

  it('answers the top-level folders without subFolders when maxDepth is omitted', async () => {
    const res = await fx.send(getFolders, { organizationId: 'org-1', folderId: 'root' });
    expect(res.status).toBe(200);
    expect(res.body.result.data.map(shapeOf)).toEqual(topLevel.map((id) => ({ id })));
    expect(res.body.result.data.every((f) => f.parentFolderId === 'root')).toBe(true);
  });

  it.each([2, 3, 6, 50])(
    'nests maxDepth %i levels below the top, as if root were a folder',
    async (maxDepth) => {
      const res = await fx.send(getFolders, {
        organizationId: 'org-1',
        folderId: 'root',
        maxDepth,
      });
      expect(res.body.result.data.map(shapeOf)).toEqual(
        topLevel.map((id) => expectedShape(id, maxDepth - 1)),
      );
    },
  );

  it('answers an empty list for an organization without folders, INVALID_ARGUMENT for none', async () => {
    const other = await createWorkspaceFixture(svc);
    await other.send(
      addFolder,
      addFolderBody('empty-org', [{ folderId: 'x', parentFolderId: 'missing' }]),
    );
    const empty = await other.send(getFolders, {
      organizationId: 'empty-org',
      folderId: 'root',
      maxDepth: 3,
    });
    expect(empty.body.result.data).toEqual([]);
    const missing = await other.send(getFolders, { organizationId: 'org-9', folderId: 'root' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Organization org-9 does not exist.' },
    });
  });
});

describe('Get Folders v2 with folderIds (extension)', () => {
  it('answers the folders of those IDs the organization has, flat, in folderId order', async () => {
    const res = await fx.send(getFolders, {
      organizationId: 'org-1',
      folderIds: ['n2-1', 'solo', 'n1'],
    });
    expect(res.status).toBe(200);
    const list = res.body.result.data;
    expect(list.map(shapeOf)).toEqual([{ id: 'n1' }, { id: 'n2-1' }, { id: 'solo' }]);
    for (const f of list) expect(Object.keys(f).sort()).toEqual(v2Keys);
    expect(list[1]).toMatchObject({ parentFolderId: 'n2', ancestors: ['root', 'n2'] });
  });

  it('leaves out an ID the organization does not have: no folder is an empty list', async () => {
    const some = await fx.send(getFolders, {
      organizationId: 'org-1',
      folderIds: ['n1', 'no-such', 'n1'],
    });
    expect(some.body.result.data.map((f) => f.folderId)).toEqual(['n1']);
    const none = await fx.send(getFolders, {
      organizationId: 'org-1',
      folderIds: ['no-such', 'folders'],
    });
    expect(none.status).toBe(200);
    expect(none.body.result.data).toEqual([]);
  });

  it('refuses an organization that does not exist, as every read of one', async () => {
    const res = await fx.send(getFolders, { organizationId: 'org-9', folderIds: ['n1'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Organization org-9 does not exist.' },
    });
  });
});

describe('Get Folders v1', () => {
  it('answers every folder flat with the v1 fields only', async () => {
    const res = await fx.send(getFoldersV1, { organizationId: 'org-1' });
    expect(res.status).toBe(200);
    const list = res.body.result.data;
    expect(list.map((f) => f.folderId)).toEqual([...ids].sort());
    for (const f of list) expect(Object.keys(f).sort()).toEqual(v1Keys);
    expect(list.find((f) => f.folderId === 'n1-2')).toEqual({
      folderId: 'n1-2',
      folderName: 'Folder n1-2',
      organizationId: 'org-1',
      parentFolderId: 'n1',
      createdAt: now,
      lastUpdated: now,
    });
  });

  it('answers a folder with one level of subFolders, v1 fields only', async () => {
    const res = await fx.send(getFoldersV1, { organizationId: 'org-1', folderId: 'n1-1' });
    expect(res.status).toBe(200);
    const [folder] = res.body.result.data;
    expect(res.body.result.data.map(shapeOf)).toEqual([expectedShape('n1-1', 1)]);
    const { subFolders, ...fields } = folder as FolderV1;
    expect(Object.keys(fields).sort()).toEqual(v1Keys);
    for (const sub of subFolders ?? []) expect(Object.keys(sub).sort()).toEqual(v1Keys);
    const leaf = await fx.send(getFoldersV1, { organizationId: 'org-1', folderId: 'solo' });
    expect(leaf.body.result.data[0]).not.toHaveProperty('subFolders');
  });
});

describe('Get Folders: what does not exist', () => {
  const unknown = (message: string) => ({ error: { status: 'INVALID_ARGUMENT', message } });

  it.each([
    ['v2', getFolders],
    ['v1', getFoldersV1],
  ])('%s answers INVALID_ARGUMENT naming the organization or the folder', async (_v, endpoint) => {
    const call = (data: unknown) => fx.send(endpoint, data);
    for (const data of [{ organizationId: 'org-9' }, { organizationId: 'org-9', folderId: 'n1' }]) {
      const res = await call(data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(unknown('Organization org-9 does not exist.'));
    }
    // `root` is v2's top level (an extension); v1 knows no folder of that id.
    for (const folderId of endpoint.path.startsWith('/v1') ? ['f-1', 'root'] : ['f-1']) {
      const res = await call({ organizationId: 'org-1', folderId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(unknown(`Folder ${folderId} does not exist in organization org-1.`));
    }
  });

  it('shows another API key nothing of this one', async () => {
    const other = await createWorkspaceFixture(svc);
    expect((await other.send(getFolders, { organizationId: 'org-1' })).status).toBe(400);
    expect((await other.send(getFolders, { organizationId: 'org-1', folderId: 'n1' })).status).toBe(
      400,
    );
    expect((await other.send(getFoldersV1, { organizationId: 'org-1' })).status).toBe(400);
    // Its own organization of the same id holds only its own folders.
    await other.send(
      addFolder,
      addFolderBody('org-1', [{ folderId: 'n1' }, { folderId: 'mine', parentFolderId: 'n1' }]),
    );
    const list = (await other.send(getFolders, { organizationId: 'org-1' })).body.result.data;
    expect(list.map((f) => [f.folderId, f.apiKey])).toEqual([
      ['mine', other.apiKey],
      ['n1', other.apiKey],
    ]);
    const sub = await other.send(getFolders, {
      organizationId: 'org-1',
      folderId: 'n1',
      maxDepth: 50,
    });
    expect(sub.body.result.data.map(shapeOf)).toEqual([{ id: 'n1', sub: [{ id: 'mine' }] }]);
    // And this key still sees its own tree, untouched.
    const mine = await fx.send(getFolders, {
      organizationId: 'org-1',
      folderId: 'n1',
      maxDepth: 50,
    });
    expect(mine.body.result.data.map(shapeOf)).toEqual([expectedShape('n1', 50)]);
  });
});

describe('Get Folders input', () => {
  const cases: [string, unknown, string][] = [
    ['no organizationId', {}, 'data.organizationId is required'],
    ['empty organizationId', { organizationId: '' }, 'data.organizationId must not be empty'],
    [
      'empty folderId',
      { organizationId: 'org-1', folderId: ' ' },
      'data.folderId must not be empty',
    ],
    [
      'maxDepth 0',
      { organizationId: 'org-1', folderId: 'n1', maxDepth: 0 },
      'data.maxDepth must be at least 1',
    ],
    [
      'maxDepth above the bound',
      { organizationId: 'org-1', folderId: 'n1', maxDepth: 51 },
      'data.maxDepth must be at most 50',
    ],
    [
      'a fractional maxDepth',
      { organizationId: 'org-1', folderId: 'n1', maxDepth: 2.5 },
      'data.maxDepth must be a whole number',
    ],
    [
      'maxDepth as text',
      { organizationId: 'org-1', folderId: 'n1', maxDepth: '3' },
      'data.maxDepth must be a number, not a string',
    ],
    [
      'an empty folderIds',
      { organizationId: 'org-1', folderIds: [] },
      'data.folderIds must not be empty',
    ],
    [
      'more than 30 folderIds',
      { organizationId: 'org-1', folderIds: Array.from({ length: 31 }, (_, i) => `f${i}`) },
      'data.folderIds must have at most 30 items',
    ],
    [
      'folderIds with folderId',
      { organizationId: 'org-1', folderId: 'n1', folderIds: ['n1'] },
      'data.folderIds cannot be combined with folderId',
    ],
    [
      'folderIds with maxDepth',
      { organizationId: 'org-1', folderIds: ['n1'], maxDepth: 2 },
      'data.folderIds cannot be combined with maxDepth: the folders are answered without subfolders',
    ],
  ];
  it.each(cases)('v2 refuses %s with INVALID_ARGUMENT', async (_name, data, message) => {
    const res = await fx.send(getFolders, data);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
  });

  it('v1 refuses a missing organizationId and an empty folderId', async () => {
    for (const [data, message] of [
      [{}, 'data.organizationId is required'],
      [{ organizationId: 'org-1', folderId: '' }, 'data.folderId must not be empty'],
    ] as const) {
      const res = await fx.send(getFoldersV1, data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
    }
  });
});
