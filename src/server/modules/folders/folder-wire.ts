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

/**
 * The folder with its descendants nested under `subFolders`, each list in the order of `rows`.
 * `rows` must hold every parent before its children (the subtree query reads level by level); a
 * folder without children gets no `subFolders`.
 */
export function nestFolders(top: FolderRow, rows: readonly FolderRow[]): Folder {
  const root = folderV2(top);
  const byId = new Map<string, Folder>([[top.folderId, root]]);
  for (const row of rows) {
    const parent = byId.get(row.parentFolderId);
    if (!parent) continue;
    const folder = folderV2(row);
    (parent.subFolders ??= []).push(folder);
    byId.set(row.folderId, folder);
  }
  return root;
}
