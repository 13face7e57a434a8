import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFolder, getFolders, MAX_FOLDER_NESTING } from '#contract/folders';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import {
  type FolderItem,
  closureOf,
  addFolderBody,
  storedCounts,
} from '../../testing/folder-fixtures';
import { updateApiKeyConfig } from '#contract/api-keys';

const now = Date.parse('2026-02-03T04:05:06.789Z');
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
});
afterAll(() => svc.close());

async function fixture() {
  const fx = await createWorkspaceFixture(svc);
  return { fx };
}

const added = (id: string) => ({ success: true, id, message: 'Folder added.' });
const refused = (id: string, message: string) => ({ success: false, id, message });

/** The stored folder as Get Folders v2 answers it, found in the flat listing. */
async function stored(fx: WorkspaceFixture, organizationId: string, id: string) {
  const res = await fx.send(getFolders, { organizationId });
  return res.body.result.data.find((f) => f.folderId === id);
}

describe('Add Folder', () => {
  it('adds top-level folders, with parentFolderId omitted or root', async () => {
    const { fx } = await fixture();
    const res = await fx.send(
      addFolder,
      addFolderBody('org-1', [
        { folderId: 'a', folderName: 'Alpha' },
        { folderId: 'b', parentFolderId: 'root' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('success');
    expect(res.body.result.data).toEqual({ a: added('a'), b: added('b') });
    expect(await stored(fx, 'org-1', 'a')).toEqual({
      folderId: 'a',
      folderName: 'Alpha',
      organizationId: 'org-1',
      parentFolderId: 'root',
      apiKey: fx.apiKey,
      createdAt: now,
      lastUpdated: now,
      ancestors: ['root'],
      accessType: 'public',
      inheritAccessFromParent: true,
    });
    expect((await stored(fx, 'org-1', 'b'))?.parentFolderId).toBe('root');
    // root is no folder: a top-level folder has no closure rows.
    expect(await closureOf(svc, fx.apiKey, 'a')).toEqual([]);
  });

  it('writes parents first whatever the order of the call, five levels deep', async () => {
    const { fx } = await fixture();
    const chain: FolderItem[] = [
      { folderId: 'l5', parentFolderId: 'l4' },
      { folderId: 'l3', parentFolderId: 'l2' },
      { folderId: 'l1' },
      { folderId: 'l4', parentFolderId: 'l3' },
      { folderId: 'l2', parentFolderId: 'l1' },
    ];
    const res = await fx.send(addFolder, addFolderBody('org-1', chain));
    expect(Object.values(res.body.result.data).every((r) => r.success)).toBe(true);
    // The answer keeps the order of the request.
    expect(Object.keys(res.body.result.data)).toEqual(['l5', 'l3', 'l1', 'l4', 'l2']);
    const l5 = await stored(fx, 'org-1', 'l5');
    expect(l5?.ancestors).toEqual(['root', 'l1', 'l2', 'l3', 'l4']);
    expect(l5?.parentFolderId).toBe('l4');
    expect(await closureOf(svc, fx.apiKey, 'l5')).toEqual([
      { ancestor: 'l4', distance: 1 },
      { ancestor: 'l3', distance: 2 },
      { ancestor: 'l2', distance: 3 },
      { ancestor: 'l1', distance: 4 },
    ]);
    expect(await closureOf(svc, fx.apiKey, 'l2')).toEqual([{ ancestor: 'l1', distance: 1 }]);
    expect(await storedCounts(svc, fx.apiKey)).toEqual({
      folders: 5,
      closure: 0 + 1 + 2 + 3 + 4,
      organizations: 1,
    });
  });

  it('adds under a folder stored by an earlier call', async () => {
    const { fx } = await fixture();
    await fx.send(
      addFolder,
      addFolderBody('org-1', [{ folderId: 'top' }, { folderId: 'mid', parentFolderId: 'top' }]),
    );
    const res = await fx.send(
      addFolder,
      addFolderBody('org-1', [{ folderId: 'leaf', parentFolderId: 'mid' }]),
    );
    expect(res.body.result.data).toEqual({ leaf: added('leaf') });
    expect((await stored(fx, 'org-1', 'leaf'))?.ancestors).toEqual(['root', 'top', 'mid']);
    expect(await closureOf(svc, fx.apiKey, 'leaf')).toEqual([
      { ancestor: 'mid', distance: 1 },
      { ancestor: 'top', distance: 2 },
    ]);
  });

  it('fails a folder whose parent does not exist, and writes the others', async () => {
    const { fx } = await fixture();
    const res = await fx.send(
      addFolder,
      addFolderBody('org-1', [
        { folderId: 'ok' },
        { folderId: 'orphan', parentFolderId: 'nowhere' },
        { folderId: 'orphan-child', parentFolderId: 'orphan' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('success');
    expect(res.body.result.data).toEqual({
      ok: added('ok'),
      orphan: refused('orphan', 'Parent folder nowhere does not exist.'),
      'orphan-child': refused('orphan-child', 'Parent folder orphan does not exist.'),
    });
    expect(await storedCounts(svc, fx.apiKey)).toMatchObject({ folders: 1, closure: 0 });
  });

  it('does not take a parent from another organization', async () => {
    const { fx } = await fixture();
    await fx.send(addFolder, addFolderBody('org-1', [{ folderId: 'p' }]));
    const res = await fx.send(
      addFolder,
      addFolderBody('org-2', [{ folderId: 'c', parentFolderId: 'p' }]),
    );
    expect(res.body.result.data).toEqual({ c: refused('c', 'Parent folder p does not exist.') });
  });

  it('fails an existing folderId and leaves the stored folder as it was', async () => {
    const { fx } = await fixture();
    await fx.send(addFolder, addFolderBody('org-1', [{ folderId: 'a', folderName: 'First' }]));
    const res = await fx.send(
      addFolder,
      addFolderBody('org-1', [
        { folderId: 'a', folderName: 'Second', accessType: 'restricted' },
        { folderId: 'b' },
      ]),
    );
    expect(res.body.result.data).toEqual({
      a: refused('a', 'Folder a already exists.'),
      b: added('b'),
    });
    const a = await stored(fx, 'org-1', 'a');
    expect(a).toMatchObject({ folderName: 'First', accessType: 'public' });
    expect(await storedCounts(svc, fx.apiKey)).toMatchObject({ folders: 2 });
  });

  it('places a child under the stored folder when the call repeats that folder with another parent', async () => {
    const { fx } = await fixture();
    await fx.send(addFolder, addFolderBody('org-1', [{ folderId: 'x' }]));
    // x already exists (at the top level): the call's x, under y, fails; y goes under stored x.
    const res = await fx.send(
      addFolder,
      addFolderBody('org-1', [
        { folderId: 'x', parentFolderId: 'y' },
        { folderId: 'y', parentFolderId: 'x' },
      ]),
    );
    expect(res.body.result.data).toEqual({
      x: refused('x', 'Folder x already exists.'),
      y: added('y'),
    });
    expect((await stored(fx, 'org-1', 'y'))?.ancestors).toEqual(['root', 'x']);
    expect((await stored(fx, 'org-1', 'x'))?.parentFolderId).toBe('root');
  });

  it('refuses a cycle inside one call: each folder of it would be its own ancestor', async () => {
    const { fx } = await fixture();
    const res = await fx.send(
      addFolder,
      addFolderBody('org-1', [
        { folderId: 'c1', parentFolderId: 'c3' },
        { folderId: 'below', parentFolderId: 'c2' },
        { folderId: 'c2', parentFolderId: 'c1' },
        { folderId: 'c3', parentFolderId: 'c2' },
        { folderId: 'pair-a', parentFolderId: 'pair-b' },
        { folderId: 'pair-b', parentFolderId: 'pair-a' },
        { folderId: 'fine' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({
      c1: refused('c1', 'Folder c1 would be its own ancestor.'),
      below: refused('below', 'Parent folder c2 does not exist.'),
      c2: refused('c2', 'Folder c2 would be its own ancestor.'),
      c3: refused('c3', 'Folder c3 would be its own ancestor.'),
      'pair-a': refused('pair-a', 'Folder pair-a would be its own ancestor.'),
      'pair-b': refused('pair-b', 'Folder pair-b would be its own ancestor.'),
      fine: added('fine'),
    });
    expect(await storedCounts(svc, fx.apiKey)).toMatchObject({ folders: 1, closure: 0 });
  });

  it(`refuses a folder more than ${MAX_FOLDER_NESTING} levels below root`, async () => {
    const { fx } = await fixture();
    const chain: FolderItem[] = Array.from({ length: MAX_FOLDER_NESTING + 2 }, (_, i) => ({
      folderId: `d${i + 1}`,
      ...(i > 0 ? { parentFolderId: `d${i}` } : {}),
    }));
    const res = await fx.send(addFolder, addFolderBody('org-1', chain));
    const data = res.body.result.data;
    const deepest = `d${MAX_FOLDER_NESTING}`;
    expect(data[deepest]).toEqual(added(deepest));
    const tooDeep = `d${MAX_FOLDER_NESTING + 1}`;
    expect(data[tooDeep]).toEqual(
      refused(
        tooDeep,
        `Folder ${tooDeep} would be nested deeper than ${MAX_FOLDER_NESTING} levels.`,
      ),
    );
    const below = `d${MAX_FOLDER_NESTING + 2}`;
    expect(data[below]).toEqual(refused(below, `Parent folder ${tooDeep} does not exist.`));
    expect((await stored(fx, 'org-1', deepest))?.ancestors).toHaveLength(MAX_FOLDER_NESTING);
    expect(await storedCounts(svc, fx.apiKey)).toMatchObject({
      folders: MAX_FOLDER_NESTING,
      closure: (MAX_FOLDER_NESTING * (MAX_FOLDER_NESTING - 1)) / 2,
    });
  });

  it('answers INVALID_ARGUMENT for an organization that does not exist, and writes nothing', async () => {
    const { fx } = await fixture();
    for (const extra of [{}, { createOrganization: false }]) {
      const res = await fx.send(addFolder, {
        organizationId: 'org-9',
        folders: [{ folderId: 'a', folderName: 'A' }],
        ...extra,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'Organization org-9 does not exist.' },
      });
    }
    expect(await storedCounts(svc, fx.apiKey)).toEqual({
      folders: 0,
      closure: 0,
      organizations: 0,
    });
    // With createOrganization the organization is made, named after its id, and the folder added.
    const made = await fx.send(addFolder, addFolderBody('org-9', [{ folderId: 'a' }]));
    expect(made.body.result.data).toEqual({ a: added('a') });
    // Once it exists, later calls need no createOrganization.
    const next = await fx.send(addFolder, {
      organizationId: 'org-9',
      folders: [{ folderId: 'b', folderName: 'B' }],
    });
    expect(next.body.result.data).toEqual({ b: added('b') });
  });

  it('serialises concurrent calls adding the same folder: one adds it, the other finds it', async () => {
    const { fx } = await fixture();
    await fx.send(addFolder, addFolderBody('org-1', [{ folderId: 'base' }]));
    const calls = await Promise.all(
      Array.from({ length: 4 }, () =>
        fx.send(
          addFolder,
          addFolderBody('org-1', [
            { folderId: 'same', parentFolderId: 'base' },
            { folderId: 'same-child', parentFolderId: 'same' },
          ]),
        ),
      ),
    );
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    const wins = calls.filter((c) => c.body.result.data.same?.success);
    expect(wins).toHaveLength(1);
    for (const c of calls.filter((x) => !x.body.result.data.same?.success)) {
      expect(c.body.result.data).toEqual({
        same: refused('same', 'Folder same already exists.'),
        'same-child': refused('same-child', 'Folder same-child already exists.'),
      });
    }
    expect(await storedCounts(svc, fx.apiKey)).toMatchObject({ folders: 3, closure: 1 + 2 });
  });
});

describe('Add Folder access', () => {
  it('cascades access to subfolders that inherit, through several levels, and stops at one that sets its own', async () => {
    const { fx } = await fixture();
    const res = await fx.send(
      addFolder,
      addFolderBody('org-1', [
        { folderId: 'g4', parentFolderId: 'g3' },
        { folderId: 'top', accessType: 'restricted' },
        { folderId: 'g1', parentFolderId: 'top' },
        { folderId: 'g2', parentFolderId: 'g1' },
        { folderId: 'g3', parentFolderId: 'g2' },
        { folderId: 'own', parentFolderId: 'g2', accessType: 'organizationPrivate' },
        { folderId: 'own-child', parentFolderId: 'own' },
        { folderId: 'own-grandchild', parentFolderId: 'own-child' },
        { folderId: 'public-again', parentFolderId: 'own-child', accessType: 'public' },
      ]),
    );
    expect(Object.values(res.body.result.data).every((r) => r.success)).toBe(true);
    const access = async (id: string) => {
      const f = await stored(fx, 'org-1', id);
      return [f?.accessType, f?.inheritAccessFromParent];
    };
    expect(await access('top')).toEqual(['restricted', false]);
    for (const id of ['g1', 'g2', 'g3', 'g4'])
      expect(await access(id)).toEqual(['restricted', true]);
    expect(await access('own')).toEqual(['organizationPrivate', false]);
    expect(await access('own-child')).toEqual(['organizationPrivate', true]);
    expect(await access('own-grandchild')).toEqual(['organizationPrivate', true]);
    expect(await access('public-again')).toEqual(['public', false]);
    // A later call under an inheriting grandchild inherits what that one holds.
    await fx.send(addFolder, addFolderBody('org-1', [{ folderId: 'g5', parentFolderId: 'g4' }]));
    expect(await access('g5')).toEqual(['restricted', true]);
  });

  it("gives top-level folders without accessType the API key's default document access type", async () => {
    const { fx } = await fixture();
    const config = await fx.send(updateApiKeyConfig, { defaultDocumentAccessType: 'restricted' });
    expect(config.status).toBe(200);
    await fx.send(
      addFolder,
      addFolderBody('org-1', [
        { folderId: 'top' },
        { folderId: 'child', parentFolderId: 'top' },
        { folderId: 'open', accessType: 'public' },
      ]),
    );
    expect(await stored(fx, 'org-1', 'top')).toMatchObject({
      accessType: 'restricted',
      inheritAccessFromParent: true,
    });
    expect(await stored(fx, 'org-1', 'child')).toMatchObject({ accessType: 'restricted' });
    expect(await stored(fx, 'org-1', 'open')).toMatchObject({
      accessType: 'public',
      inheritAccessFromParent: false,
    });
  });
});

describe('Add Folder input', () => {
  const long = (n: number) => 'x'.repeat(n);
  const folder = { folderId: 'a', folderName: 'A' };
  const cases: [string, unknown, string][] = [
    ['no data', undefined, 'data is required'],
    ['no organizationId', { folders: [folder] }, 'data.organizationId is required'],
    [
      'empty organizationId',
      { organizationId: ' ', folders: [folder] },
      'data.organizationId must not be empty',
    ],
    [
      'long organizationId',
      { organizationId: long(129), folders: [folder] },
      'data.organizationId must be at most 128 characters',
    ],
    [
      'createOrganization not a boolean',
      { organizationId: 'o', createOrganization: 'yes', folders: [folder] },
      'data.createOrganization must be a boolean, not a string',
    ],
    ['no folders', { organizationId: 'o' }, 'data.folders is required'],
    ['empty folders', { organizationId: 'o', folders: [] }, 'data.folders must not be empty'],
    [
      'too many folders',
      {
        organizationId: 'o',
        folders: Array.from({ length: 1001 }, (_, i) => ({ folderId: `f${i}`, folderName: 'F' })),
      },
      'data.folders must have at most 1000 items',
    ],
    [
      'folder not an object',
      { organizationId: 'o', folders: ['a'] },
      'data.folders[0] must be an object, not a string',
    ],
    [
      'no folderId',
      { organizationId: 'o', folders: [{ folderName: 'A' }] },
      'data.folders[0].folderId is required',
    ],
    [
      'empty folderId',
      { organizationId: 'o', folders: [folder, { folderId: '', folderName: 'B' }] },
      'data.folders[1].folderId must not be empty',
    ],
    [
      'long folderId',
      { organizationId: 'o', folders: [{ folderId: long(129), folderName: 'A' }] },
      'data.folders[0].folderId must be at most 128 characters',
    ],
    [
      'folderId root',
      { organizationId: 'o', folders: [{ folderId: 'root', folderName: 'A' }] },
      'data.folders[0].folderId must not be root, the name of the top level',
    ],
    [
      'no folderName',
      { organizationId: 'o', folders: [{ folderId: 'a' }] },
      'data.folders[0].folderName is required',
    ],
    [
      'blank folderName',
      { organizationId: 'o', folders: [{ folderId: 'a', folderName: '   ' }] },
      'data.folders[0].folderName must not be empty',
    ],
    [
      'long folderName',
      { organizationId: 'o', folders: [{ folderId: 'a', folderName: long(201) }] },
      'data.folders[0].folderName must be at most 200 characters',
    ],
    [
      'empty parentFolderId',
      { organizationId: 'o', folders: [{ ...folder, parentFolderId: '' }] },
      'data.folders[0].parentFolderId must not be empty',
    ],
    [
      'own parent',
      { organizationId: 'o', folders: [{ ...folder, parentFolderId: 'a' }] },
      'data.folders[0].parentFolderId must not be its own parent',
    ],
    [
      'unknown accessType',
      { organizationId: 'o', folders: [{ ...folder, accessType: 'secret' }] },
      'data.folders[0].accessType must be one of: public, restricted, organizationPrivate',
    ],
    [
      'repeated folderId',
      { organizationId: 'o', folders: [folder, { folderId: 'b', folderName: 'B' }, folder] },
      'data.folders[2] repeats the id a',
    ],
  ];

  it.each(cases)(
    'refuses %s with INVALID_ARGUMENT and writes nothing',
    async (_name, data, message) => {
      const { fx } = await fixture();
      const body =
        data !== null && typeof data === 'object' ? { createOrganization: true, ...data } : data;
      const res = await fx.send(addFolder, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
      expect(await storedCounts(svc, fx.apiKey)).toEqual({
        folders: 0,
        closure: 0,
        organizations: 0,
      });
    },
  );
});

describe('Add Folder tenancy', () => {
  it("keeps each API key's organizations and folders apart", async () => {
    const a = await fixture();
    const b = await fixture();
    await a.fx.send(addFolder, addFolderBody('shared-id', [{ folderId: 'f' }]));
    // For key B the organization does not exist, even though key A has one of that id.
    const refusedB = await b.fx.send(addFolder, {
      organizationId: 'shared-id',
      folders: [{ folderId: 'g', folderName: 'G' }],
    });
    expect(refusedB.status).toBe(400);
    // Key B's own organization of the same id takes the same folderId.
    const res = await b.fx.send(
      addFolder,
      addFolderBody('shared-id', [{ folderId: 'f' }, { folderId: 'g', parentFolderId: 'f' }]),
    );
    expect(res.body.result.data).toEqual({ f: added('f'), g: added('g') });
    expect(await storedCounts(svc, a.fx.apiKey)).toEqual({
      folders: 1,
      closure: 0,
      organizations: 1,
    });
    expect(await storedCounts(svc, b.fx.apiKey)).toEqual({
      folders: 2,
      closure: 1,
      organizations: 1,
    });
  });
});
