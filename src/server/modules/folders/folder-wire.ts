import type { Folder, FolderV1 } from '../../../contract/folders';
import type { FolderRow } from './store';

/** A stored folder as v1 answers it: no v2 fields. */
export function folderV1(row: FolderRow): Omit<FolderV1, 'subFolders'> {
  return {
    folderId: row.folderId,
    folderName: row.folderName,
    organizationId: row.organizationId,
    parentFolderId: row.parentFolderId,
    createdAt: row.createdAt.getTime(),
    lastUpdated: row.updatedAt.getTime(),
  };
}

/** A stored folder as v2 answers it, without `subFolders`. */
export function folderV2(row: FolderRow): Folder {
  return {
    ...folderV1(row),
    apiKey: row.apiKeyId,
    ancestors: row.ancestors,
    accessType: row.accessType,
    inheritAccessFromParent: row.inheritAccessFromParent,
  };
}

/** Parents before children, siblings in folderId order (of UTF-16 code units). */
function byLevelThenId(a: FolderRow, b: FolderRow): number {
  if (a.depth !== b.depth) return a.depth - b.depth;
  if (a.folderId === b.folderId) return 0;
  return a.folderId < b.folderId ? -1 : 1;
}

/**
 * The folder with its descendants (in any order) nested under `subFolders`, each list in
 * folderId order; a folder without children gets no `subFolders`.
 */
export function nestFolders(top: FolderRow, descendants: readonly FolderRow[]): Folder {
  const root = folderV2(top);
  const byId = new Map<string, Folder>([[top.folderId, root]]);
  for (const row of [...descendants].sort(byLevelThenId)) {
    const parent = byId.get(row.parentFolderId);
    // Every parent is within the subtree and a level above: it is there already.
    if (!parent) continue;
    const folder = folderV2(row);
    (parent.subFolders ??= []).push(folder);
    byId.set(row.folderId, folder);
  }
  return root;
}
