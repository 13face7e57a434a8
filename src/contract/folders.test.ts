import { describe, expect, it } from 'vitest';
import { folderSchema, folderV1Schema, getFolders } from './folders';

const v1 = {
  folderId: 'f1',
  folderName: 'One',
  organizationId: 'o1',
  parentFolderId: 'root',
  createdAt: 1,
  lastUpdated: 2,
};
const v2 = {
  ...v1,
  apiKey: 'k1',
  ancestors: ['root'],
  accessType: 'public',
  inheritAccessFromParent: true,
};

describe('Folder', () => {
  it('nests subFolders to any depth in v2', () => {
    const child = { ...v2, folderId: 'f2', parentFolderId: 'f1', ancestors: ['root', 'f1'] };
    const grandchild = { ...child, folderId: 'f3', parentFolderId: 'f2' };
    const tree = { ...v2, subFolders: [{ ...child, subFolders: [grandchild] }] };
    expect(folderSchema.parse(tree)).toEqual(tree);
    expect(
      folderSchema.safeParse({ ...v2, subFolders: [{ ...child, subFolders: [{ folderId: 'x' }] }] })
        .success,
    ).toBe(false);
  });

  it('carries no v2 fields in v1', () => {
    expect(folderV1Schema.parse({ ...v2, subFolders: [v1] })).toEqual({ ...v1, subFolders: [v1] });
  });

  it('bounds maxDepth below and above', () => {
    const request = getFolders.request;
    expect(request.safeParse({ organizationId: 'o1', folderId: 'f1', maxDepth: 1 }).success).toBe(
      true,
    );
    expect(request.safeParse({ organizationId: 'o1', maxDepth: 0 }).success).toBe(false);
    expect(request.safeParse({ organizationId: 'o1', maxDepth: 51 }).success).toBe(false);
  });
});
