import { describe, expect, it } from 'vitest';
import { type FolderRequest, planFolders } from './folder-plan';
import type { StoredFolder } from './store';

const ask = (folderId: string, parentFolderId?: string, accessType?: string): FolderRequest => ({
  folderId,
  folderName: folderId,
  ...(parentFolderId === undefined ? {} : { parentFolderId }),
  ...(accessType === undefined ? {} : { accessType }),
});
const stored = (...folders: StoredFolder[]) => new Map(folders.map((f) => [f.folderId, f]));

describe('planFolders', () => {
  it('writes every parent before its children, whatever the order asked', () => {
    const plan = planFolders(
      [ask('d', 'c'), ask('b', 'a'), ask('c', 'b'), ask('a'), ask('e', 'root')],
      stored(),
      'public',
    );
    const order = plan.writes.map((w) => w.folderId);
    for (const [child, parent] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
    ] as const) {
      expect(order.indexOf(parent)).toBeLessThan(order.indexOf(child));
    }
    expect(plan.writes.find((w) => w.folderId === 'd')?.ancestors).toEqual(['root', 'a', 'b', 'c']);
    expect(plan.failures.size).toBe(0);
  });

  it('continues a stored chain and takes the stored parent over one of the call', () => {
    const plan = planFolders(
      [ask('p', 'elsewhere'), ask('child', 'p')],
      stored({ folderId: 'p', ancestors: ['root', 'g'], accessType: 'restricted' }),
      'public',
    );
    expect(plan.failures.get('p')).toBe('Folder p already exists.');
    expect(plan.writes).toEqual([
      {
        folderId: 'child',
        folderName: 'child',
        parentFolderId: 'p',
        ancestors: ['root', 'g', 'p'],
        accessType: 'restricted',
        inheritAccessFromParent: true,
      },
    ]);
  });

  it('fails each folder of a cycle, and the folders hanging from it for their parent', () => {
    const plan = planFolders(
      [ask('tail', 'x'), ask('x', 'y'), ask('y', 'z'), ask('z', 'x'), ask('ok')],
      stored(),
      'public',
    );
    expect(Object.fromEntries(plan.failures)).toEqual({
      x: 'Folder x would be its own ancestor.',
      y: 'Folder y would be its own ancestor.',
      z: 'Folder z would be its own ancestor.',
      tail: 'Parent folder x does not exist.',
    });
    expect(plan.writes.map((w) => w.folderId)).toEqual(['ok']);
  });

  it('cascades access to inheriting folders and stops at one that sets its own', () => {
    const plan = planFolders(
      [ask('top'), ask('own', 'top', 'restricted'), ask('under', 'own'), ask('next', 'top')],
      stored(),
      'organizationPrivate',
    );
    const access = Object.fromEntries(
      plan.writes.map((w) => [w.folderId, [w.accessType, w.inheritAccessFromParent]]),
    );
    expect(access).toEqual({
      top: ['organizationPrivate', true],
      own: ['restricted', false],
      under: ['restricted', true],
      next: ['organizationPrivate', true],
    });
  });
});
