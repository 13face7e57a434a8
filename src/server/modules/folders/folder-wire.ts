import type { Folder, FolderV1 } from '#contract/folders';
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

/** Hangs each descendant under its parent in `byId`, parents first, each list in folderId order. */
function nestInto(byId: Map<string, Folder>, descendants: readonly FolderRow[]): void {
  for (const row of [...descendants].sort(byLevelThenId)) {
    const parent = byId.get(row.parentFolderId);
    // Every parent is within the subtree and a level above: it is there already.
    if (!parent) continue;
    const folder = folderV2(row);
    (parent.subFolders ??= []).push(folder);
    byId.set(row.folderId, folder);
  }
}

/**
 * The folder with its descendants (in any order) nested under `subFolders`, each list in
 * folderId order; a folder without children gets no `subFolders`.
 */
export function nestFolders(top: FolderRow, descendants: readonly FolderRow[]): Folder {
  const root = folderV2(top);
  nestInto(new Map([[top.folderId, root]]), descendants);
  return root;
}

/** Top-level folders (in folderId order) with their descendants nested as nestFolders does. */
export function nestTopLevel(
  tops: readonly FolderRow[],
  descendants: readonly FolderRow[],
): Folder[] {
  const answer = tops.map(folderV2);
  nestInto(new Map(answer.map((folder) => [folder.folderId, folder])), descendants);
  return answer;
}
