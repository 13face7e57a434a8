import { type Folder, ROOT_FOLDER } from '#contract/folders';

/**
 * What the console knows of an organization's tree: every folder it has read, and the children of
 * each parent whose children it has read (`root` for the top level). A folder read at the last
 * level of a load has children it does not know yet: it is absent from `children`.
 */
export interface TreeModel {
  folders: ReadonlyMap<string, Folder>;
  children: ReadonlyMap<string, readonly string[]>;
}

export const emptyTree: TreeModel = { folders: new Map(), children: new Map() };

/**
 * The model with one load added: the children of `parentId`, nested `depth` levels as Get Folders
 * answers them. A folder above the load's last level that came without `subFolders` has none.
 */
export function absorb(
  model: TreeModel,
  parentId: string,
  loaded: readonly Folder[],
  depth: number,
): TreeModel {
  const folders = new Map(model.folders);
  const children = new Map(model.children);
  const visit = (parent: string, list: readonly Folder[], levelsLeft: number) => {
    children.set(
      parent,
      list.map((folder) => folder.folderId),
    );
    for (const folder of list) {
      const { subFolders, ...own } = folder;
      folders.set(folder.folderId, own);
      if (subFolders) visit(folder.folderId, subFolders, levelsLeft - 1);
      else if (levelsLeft > 1) children.set(folder.folderId, []);
    }
  };
  visit(parentId, loaded, depth);
  return { folders, children };
}

export type RowState = 'leaf' | 'collapsed' | 'expanded' | 'loading' | 'failed';

/** One visible line of the tree, with what a WAI-ARIA tree item says of its place. */
export interface TreeRow {
  folder: Folder;
  /** 1 for a top-level folder. */
  level: number;
  posInSet: number;
  setSize: number;
  parentId: string;
  state: RowState;
}

export interface TreeView {
  expanded: ReadonlySet<string>;
  /** Folders whose children are being read, and those whose read failed. */
  loading: ReadonlySet<string>;
  failed: ReadonlySet<string>;
}

function stateOf(model: TreeModel, view: TreeView, id: string): RowState {
  const known = model.children.get(id);
  if (known?.length === 0) return 'leaf';
  if (!view.expanded.has(id)) return 'collapsed';
  if (known) return 'expanded';
  if (view.failed.has(id)) return 'failed';
  return 'loading';
}

/** The rows shown: the top level, and below each expanded folder its children, depth first. */
export function visibleRows(model: TreeModel, view: TreeView): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (parentId: string, level: number) => {
    const ids = model.children.get(parentId) ?? [];
    ids.forEach((id, index) => {
      const folder = model.folders.get(id);
      if (!folder) return;
      const state = stateOf(model, view, id);
      rows.push({ folder, level, posInSet: index + 1, setSize: ids.length, parentId, state });
      if (state === 'expanded') walk(id, level + 1);
    });
  };
  walk(ROOT_FOLDER, 1);
  return rows;
}

export type TreeMove =
  | { kind: 'focus'; index: number }
  | { kind: 'expand'; folderId: string }
  | { kind: 'collapse'; folderId: string }
  | { kind: 'select'; folderId: string };

/** What a key does on row `index`, as the WAI-ARIA tree pattern has it; undefined for other keys. */
export function treeMove(
  rows: readonly TreeRow[],
  index: number,
  key: string,
): TreeMove | undefined {
  const row = rows[index];
  if (!row) return undefined;
  const id = row.folder.folderId;
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', index: Math.min(rows.length - 1, index + 1) };
    case 'ArrowUp':
      return { kind: 'focus', index: Math.max(0, index - 1) };
    case 'Home':
      return { kind: 'focus', index: 0 };
    case 'End':
      return { kind: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (row.state === 'collapsed' || row.state === 'failed')
        return { kind: 'expand', folderId: id };
      if (row.state === 'expanded') return { kind: 'focus', index: index + 1 };
      return undefined;
    case 'ArrowLeft': {
      if (row.state === 'expanded' || row.state === 'loading') {
        return { kind: 'collapse', folderId: id };
      }
      const parent = rows.findLastIndex(
        (other, at) => at < index && other.folder.folderId === row.parentId,
      );
      return parent === -1 ? undefined : { kind: 'focus', index: parent };
    }
    case 'Enter':
    case ' ':
      return { kind: 'select', folderId: id };
    default:
      return undefined;
  }
}
