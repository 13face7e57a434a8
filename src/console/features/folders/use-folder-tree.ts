import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ROOT_FOLDER } from '#contract/folders';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { type TreeModel, absorb, emptyTree, visibleRows } from './folder-tree-model';
import { folderQueries } from './queries';

/** The Performance API names of one expansion: its data's arrival, and the tree drawn with it. */
export const EXPANSION_DATA_MARK = 'folder-tree:data';
export const EXPANSION_MEASURE = 'folder-tree:expand';

interface TreeState {
  model: TreeModel;
  expanded: ReadonlySet<string>;
  loading: ReadonlySet<string>;
  /** Failed reads by folder (`root` for the top level), with what went wrong. */
  failures: ReadonlyMap<string, unknown>;
}

// The top level is read as the tree mounts.
const initialState: TreeState = {
  model: emptyTree,
  expanded: new Set(),
  loading: new Set([ROOT_FOLDER]),
  failures: new Map(),
};

function withItem<T>(set: ReadonlySet<T>, item: T, present: boolean): ReadonlySet<T> {
  const next = new Set(set);
  if (present) next.add(item);
  else next.delete(item);
  return next;
}

function withoutKey<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

/**
 * An organization's folder tree read lazily: the top level first, then each folder's children
 * `depth` levels at a time as it is expanded (Get Folders v2, cached per folder). The caller keys
 * the tree by organization and depth, so that another one starts afresh; reads still on their way
 * when the tree goes are dropped when they arrive. New credentials for the same key (a token
 * reset) are not another tree: a read under way then still lands, or its folder would show
 * "Loading subfolders…" for good.
 */
export function useFolderTree(apiKey: ApiKeyCredentials, organizationId: string, depth: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TreeState>(initialState);
  const mounted = useRef(true);
  const pendingMeasure = useRef<string | null>(null);

  /** Reads a folder's children; the caller has marked it loading. */
  const fetchChildren = useCallback(
    (parentId: string, measure: boolean) => {
      queryClient.query(folderQueries.children(apiKey, organizationId, parentId, depth)).then(
        (children) => {
          if (!mounted.current) return;
          if (measure) {
            performance.mark(EXPANSION_DATA_MARK, { detail: parentId });
            pendingMeasure.current = parentId;
          }
          setState((s) => ({
            ...s,
            model: absorb(s.model, parentId, children, depth),
            loading: withItem(s.loading, parentId, false),
          }));
        },
        (error: unknown) => {
          if (!mounted.current) return;
          setState((s) => ({
            ...s,
            loading: withItem(s.loading, parentId, false),
            failures: new Map(s.failures).set(parentId, error),
          }));
        },
      );
    },
    [queryClient, apiKey, organizationId, depth],
  );

  const load = useCallback(
    (parentId: string, measure = false) => {
      setState((s) => ({
        ...s,
        loading: withItem(s.loading, parentId, true),
        failures: withoutKey(s.failures, parentId),
      }));
      fetchChildren(parentId, measure);
    },
    [fetchChildren],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => fetchChildren(ROOT_FOLDER, false), [fetchChildren]);

  const { model, expanded, loading, failures } = state;

  const expand = useCallback(
    (folderId: string) => {
      setState((s) => ({ ...s, expanded: withItem(s.expanded, folderId, true) }));
      if (!model.children.has(folderId) && !loading.has(folderId)) load(folderId, true);
    },
    [model, loading, load],
  );
  const collapse = useCallback((folderId: string) => {
    setState((s) => ({ ...s, expanded: withItem(s.expanded, folderId, false) }));
  }, []);

  /** Opens the folders above a folder (its `ancestors`, from `root`), so that it is shown. */
  const reveal = useCallback(
    (ancestors: readonly string[]) => {
      const path = ancestors.filter((id) => id !== ROOT_FOLDER);
      setState((s) => ({ ...s, expanded: new Set([...s.expanded, ...path]) }));
      for (const id of path) {
        if (!model.children.has(id) && !loading.has(id)) load(id);
      }
    },
    [model, loading, load],
  );

  /** Reads a folder's children again (after adding some), from the service. */
  const refresh = useCallback(
    async (parentId: string) => {
      await queryClient.invalidateQueries({
        queryKey: folderQueries.organization(apiKey.id, organizationId),
        refetchType: 'none',
      });
      load(parentId);
    },
    [queryClient, apiKey.id, organizationId, load],
  );

  const rows = useMemo(
    () =>
      visibleRows(model, {
        expanded,
        loading,
        failed: new Set(failures.keys()),
      }),
    [model, expanded, loading, failures],
  );

  // The tree is in the DOM with the children that arrived: React has rendered and committed them.
  // The browser's next frame is not waited for, which on a busy machine measures the machine.
  useLayoutEffect(() => {
    const measured = pendingMeasure.current;
    if (measured === null || !model.children.has(measured)) return;
    pendingMeasure.current = null;
    performance.measure(EXPANSION_MEASURE, { start: EXPANSION_DATA_MARK, detail: measured });
  }, [model]);

  return {
    rows,
    /** Every folder read so far, by ID: the names of a path's folders once they are read. */
    folders: model.folders,
    topLevel: {
      loading: loading.has(ROOT_FOLDER),
      error: failures.get(ROOT_FOLDER),
      empty: model.children.get(ROOT_FOLDER)?.length === 0,
    },
    failures,
    expand,
    collapse,
    reveal,
    refresh,
    retry: load,
  };
}
