import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Badge } from '../../components/badge';
import { errorMessage, retryable } from '../../lib/api-error';
import { type TreeRow, treeMove } from './folder-tree-model';

/** Every row is one line of this height: the virtualizer never needs to measure one. */
const ROW_HEIGHT = 32;

interface FolderTreeProps {
  label: string;
  rows: readonly TreeRow[];
  selectedId: string | undefined;
  /** Access badges are v2's: a v1 caller reads none. */
  showAccess: boolean;
  failures: ReadonlyMap<string, unknown>;
  onExpand: (folderId: string) => void;
  onCollapse: (folderId: string) => void;
  onSelect: (folderId: string) => void;
}

const statusText: Partial<Record<TreeRow['state'], string>> = {
  loading: 'Loading subfolders…',
};

/**
 * The tree as the WAI-ARIA tree pattern has it (arrow keys move, open and close; Enter selects),
 * drawn as a flat virtualized list: only the rows in view are in the document, each saying its
 * level, place among its siblings and state, so that 10,000 folders open as fast as ten.
 */
export function FolderTree({
  label,
  rows,
  selectedId,
  showAccess,
  failures,
  onExpand,
  onCollapse,
  onSelect,
}: FolderTreeProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | undefined>(selectedId);
  const focusPending = useRef(false);
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.folder.folderId === (activeId ?? selectedId)),
  );

  // The console does not use the React Compiler; the virtualizer re-renders the tree on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.folder.folderId ?? index,
    overscan: 10,
  });

  // A row reached by keyboard is in the document only once the scroll has brought it into view.
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (!row) return;
    focusPending.current = false;
    row.focus({ preventScroll: true });
  });

  function focusRow(index: number) {
    const row = rows[index];
    if (!row) return;
    setActiveId(row.folder.folderId);
    focusPending.current = true;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = treeMove(rows, activeIndex, event.key);
    if (!move) return;
    event.preventDefault();
    if (move.kind === 'focus') focusRow(move.index);
    else if (move.kind === 'expand') onExpand(move.folderId);
    else if (move.kind === 'collapse') onCollapse(move.folderId);
    else onSelect(move.folderId);
  }

  return (
    <div
      ref={scroller}
      className="h-[min(60vh,32rem)] overflow-auto rounded-md border border-border"
    >
      <div
        role="tree"
        aria-label={label}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const { folder, state } = row;
          const id = folder.folderId;
          const opens = state !== 'leaf';
          const failure = state === 'failed' ? failures.get(id) : undefined;
          return (
            <div
              key={item.key}
              role="treeitem"
              data-index={item.index}
              aria-level={row.level}
              aria-setsize={row.setSize}
              aria-posinset={row.posInSet}
              aria-expanded={opens ? state !== 'collapsed' : undefined}
              aria-selected={id === selectedId}
              aria-busy={state === 'loading' || undefined}
              tabIndex={item.index === activeIndex ? 0 : -1}
              className="group absolute inset-x-0 flex items-center gap-2 pr-2 text-sm whitespace-nowrap outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset aria-selected:bg-accent-soft aria-selected:text-accent-soft-fg"
              style={{
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                paddingLeft: `${(row.level - 1) * 1.25 + 0.5}rem`,
              }}
              onClick={() => {
                setActiveId(id);
                onSelect(id);
              }}
            >
              <span
                aria-hidden="true"
                className={`inline-flex w-4 justify-center text-muted group-aria-selected:text-accent-soft-fg transition-transform motion-reduce:transition-none ${opens && state !== 'collapsed' ? 'rotate-90' : ''}`}
                onClick={(event) => {
                  if (!opens) return;
                  event.stopPropagation();
                  setActiveId(id);
                  if (state === 'collapsed' || state === 'failed') onExpand(id);
                  else onCollapse(id);
                }}
              >
                {opens ? '›' : ''}
              </span>
              <span className="truncate">{folder.folderName}</span>
              <span className="truncate text-xs text-muted group-aria-selected:text-accent-soft-fg">
                {id}
              </span>
              {showAccess ? (
                <AccessBadges
                  accessType={folder.accessType}
                  inherits={folder.inheritAccessFromParent}
                />
              ) : null}
              {statusText[state] ? (
                <span className="text-xs text-muted">{statusText[state]}</span>
              ) : null}
              {failure !== undefined ? (
                <span className="truncate text-xs text-danger">
                  Could not load: {errorMessage(failure)}
                  {retryable(failure) ? ' (→ to try again)' : ''}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function AccessBadges({ accessType, inherits }: { accessType: string; inherits: boolean }) {
  return (
    <span className="ml-auto flex shrink-0 gap-1">
      <Badge tone={accessType === 'public' ? 'success' : 'warning'}>{accessType}</Badge>
      {inherits ? <Badge>inherits</Badge> : null}
    </span>
  );
}
