import { MAX_FOLDER_NESTING, ROOT_FOLDER } from '#contract/folders';
import type { StoredFolder } from './store';
import type { NewFolder } from './write-store';

/** A folder as Add Folder asks for it. */
export interface FolderRequest {
  folderId: string;
  folderName: string;
  parentFolderId?: string | undefined;
  accessType?: string | undefined;
}

export interface FolderPlan {
  /** The folders to write, parents before their children. */
  writes: NewFolder[];
  /** Why each folder that is not written fails, by folderId. */
  failures: Map<string, string>;
}

/**
 * Places the folders of one Add Folder call in their organization's tree: each folder's parent
 * must be stored already or be written by the same call (in any order), a folder can never
 * become its own ancestor, and an existing folderId is not added again. A folder that sets no
 * accessType inherits its parent's (top-level folders: `defaultAccess`), so access cascades down
 * to the subfolders that inherit and stops at one that sets its own.
 */
export function planFolders(
  requests: readonly FolderRequest[],
  stored: ReadonlyMap<string, StoredFolder>,
  defaultAccess: string,
): FolderPlan {
  const failures = new Map<string, string>();
  const writes: NewFolder[] = [];
  const pending = new Map<string, FolderRequest>();
  for (const r of requests) {
    if (stored.has(r.folderId)) failures.set(r.folderId, `Folder ${r.folderId} already exists.`);
    else pending.set(r.folderId, r);
  }
  const placed = new Map<string, NewFolder>();

  // Walks up from `start` through parents this call adds until one whose place is known (root, a
  // stored folder, one placed or failed already), then places the chain from the top down.
  const place = (start: FolderRequest): void => {
    const chain: FolderRequest[] = [];
    const onChain = new Set<string>();
    let current: FolderRequest | undefined = start;
    while (current && !placed.has(current.folderId) && !failures.has(current.folderId)) {
      if (onChain.has(current.folderId)) {
        // The chain came back to a folder it holds: that folder and those after it form a cycle.
        const cycleStart = chain.findIndex((f) => f.folderId === current?.folderId);
        for (const f of chain.slice(cycleStart)) {
          failures.set(f.folderId, `Folder ${f.folderId} would be its own ancestor.`);
        }
        break;
      }
      chain.push(current);
      onChain.add(current.folderId);
      current = pending.get(current.parentFolderId ?? ROOT_FOLDER);
    }
    for (const f of chain.reverse()) {
      if (failures.has(f.folderId)) continue;
      const outcome = placeUnder(f, stored, placed, defaultAccess);
      if (typeof outcome === 'string') failures.set(f.folderId, outcome);
      else {
        placed.set(f.folderId, outcome);
        writes.push(outcome);
      }
    }
  };
  for (const r of pending.values()) place(r);
  return { writes, failures };
}

/** The folder under its parent, or why it cannot be written. */
function placeUnder(
  f: FolderRequest,
  stored: ReadonlyMap<string, StoredFolder>,
  placed: ReadonlyMap<string, NewFolder>,
  defaultAccess: string,
): NewFolder | string {
  const parentId = f.parentFolderId ?? ROOT_FOLDER;
  let ancestors: readonly string[];
  let parentAccess: string;
  if (parentId === ROOT_FOLDER) {
    ancestors = [ROOT_FOLDER];
    parentAccess = defaultAccess;
  } else {
    const parent = stored.get(parentId) ?? placed.get(parentId);
    if (!parent) return `Parent folder ${parentId} does not exist.`;
    ancestors = [...parent.ancestors, parentId];
    parentAccess = parent.accessType;
  }
  if (ancestors.length > MAX_FOLDER_NESTING) {
    return `Folder ${f.folderId} would be nested deeper than ${MAX_FOLDER_NESTING} levels.`;
  }
  return {
    folderId: f.folderId,
    folderName: f.folderName,
    parentFolderId: parentId,
    ancestors,
    accessType: f.accessType ?? parentAccess,
    inheritAccessFromParent: f.accessType === undefined,
  };
}
