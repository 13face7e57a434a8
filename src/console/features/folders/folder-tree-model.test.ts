import { describe, expect, it } from 'vitest';
import type { Folder } from '#contract/folders';
import { type TreeView, absorb, emptyTree, treeMove, visibleRows } from './folder-tree-model';

function folder(folderId: string, parentFolderId: string, subFolders?: Folder[]): Folder {
  return {
    folderId,
    folderName: `Folder ${folderId}`,
    organizationId: 'org',
    parentFolderId,
    createdAt: 0,
    lastUpdated: 0,
    apiKey: 'key',
    ancestors: ['root'],
    accessType: 'public',
    inheritAccessFromParent: true,
    ...(subFolders ? { subFolders } : {}),
  };
}

const view = (
  expanded: string[] = [],
  loading: string[] = [],
  failed: string[] = [],
): TreeView => ({
  expanded: new Set(expanded),
  loading: new Set(loading),
  failed: new Set(failed),
});

// root: a (a1 (a1x), a2), b — read two levels deep from the top.
const twoLevels = absorb(
  emptyTree,
  'root',
  [folder('a', 'root', [folder('a1', 'a'), folder('a2', 'a')]), folder('b', 'root')],
  2,
);

describe('absorb', () => {
  it('knows the children of every level above the last, and that b has none', () => {
    expect(twoLevels.children.get('root')).toEqual(['a', 'b']);
    expect(twoLevels.children.get('a')).toEqual(['a1', 'a2']);
    expect(twoLevels.children.get('b')).toEqual([]);
    // The last level's children are not known yet.
    expect(twoLevels.children.has('a1')).toBe(false);
    expect(twoLevels.folders.get('a')).not.toHaveProperty('subFolders');
  });

  it('adds a later load without losing the rest', () => {
    const more = absorb(twoLevels, 'a1', [folder('a1x', 'a1')], 1);
    expect(more.children.get('a1')).toEqual(['a1x']);
    expect(more.children.get('root')).toEqual(['a', 'b']);
    expect(more.children.has('a1x')).toBe(false);
  });
});

describe('visibleRows', () => {
  it('shows the top level with each row’s place and state', () => {
    expect(
      visibleRows(twoLevels, view()).map((r) => [
        r.folder.folderId,
        r.level,
        r.posInSet,
        r.setSize,
        r.state,
      ]),
    ).toEqual([
      ['a', 1, 1, 2, 'collapsed'],
      ['b', 1, 2, 2, 'leaf'],
    ]);
  });

  it('shows the children of expanded folders, loading and failed ones as such', () => {
    const rows = visibleRows(twoLevels, view(['a', 'a1', 'a2'], ['a1'], ['a2']));
    expect(rows.map((r) => [r.folder.folderId, r.level, r.state])).toEqual([
      ['a', 1, 'expanded'],
      ['a1', 2, 'loading'],
      ['a2', 2, 'failed'],
      ['b', 1, 'leaf'],
    ]);
  });
});

describe('treeMove', () => {
  const rows = visibleRows(twoLevels, view(['a']));
  it('moves, expands and collapses as the WAI-ARIA tree pattern does', () => {
    expect(treeMove(rows, 0, 'ArrowDown')).toEqual({ kind: 'focus', index: 1 });
    expect(treeMove(rows, 3, 'ArrowDown')).toEqual({ kind: 'focus', index: 3 });
    expect(treeMove(rows, 0, 'ArrowUp')).toEqual({ kind: 'focus', index: 0 });
    expect(treeMove(rows, 2, 'End')).toEqual({ kind: 'focus', index: 3 });
    expect(treeMove(rows, 2, 'Home')).toEqual({ kind: 'focus', index: 0 });
    // Right on an open folder goes to its first child; on a closed one it opens it.
    expect(treeMove(rows, 0, 'ArrowRight')).toEqual({ kind: 'focus', index: 1 });
    expect(treeMove(rows, 1, 'ArrowRight')).toEqual({ kind: 'expand', folderId: 'a1' });
    expect(treeMove(rows, 3, 'ArrowRight')).toBeUndefined();
    // Left on an open folder closes it; on a child it goes to the parent; at the top, nowhere.
    expect(treeMove(rows, 0, 'ArrowLeft')).toEqual({ kind: 'collapse', folderId: 'a' });
    expect(treeMove(rows, 2, 'ArrowLeft')).toEqual({ kind: 'focus', index: 0 });
    expect(treeMove(rows, 3, 'ArrowLeft')).toBeUndefined();
    expect(treeMove(rows, 1, 'Enter')).toEqual({ kind: 'select', folderId: 'a1' });
    expect(treeMove(rows, 1, 'x')).toBeUndefined();
  });
});
