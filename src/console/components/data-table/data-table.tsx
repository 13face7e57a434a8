import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { Sort } from '../../lib/list-sort';
import { LazyDialog } from '../lazy-dialog';
import type { Recovery } from '../retry-or-advice';
import { type Column, type RowActions, gridTracks, rowControls } from './column';
import { DataTableFooter } from './data-table-footer';
import { DataTableHead } from './data-table-head';
import { bodyCell, DataTableRow } from './data-table-row';
import { DataTableState } from './data-table-state';
import { useOfferedActions } from './offered-actions';
import { nearLoadedEnd, targetRow } from './row-navigation';
import { RowActionButtons } from './row-action-buttons';
import { type OpenedRowDialog, rowDialogOpener } from './row-dialog';
import { useRowMeasure } from './row-measure';
import { RowSlots } from './row-slots';
import type { TableStatus } from './table-status';

export interface DataTableProps<Row> {
  /** The grid's accessible name, e.g. "Endpoints". */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Enter on a row, or a click outside its controls: open it. */
  onOpen?: (row: Row) => void;
  actions?: RowActions<Row>;
  sort?: Sort<string>;
  onSort?: (columnId: string) => void;
  status: TableStatus;
  /** Shown when there is no row: what that means and how to start (EmptyState). */
  empty: ReactNode;
  /** Offered when loading failed in a way a retry does not fix, e.g. clearing the filters. */
  recover?: Recovery | undefined;
  /** Names the rows in the footer: "endpoint" / "endpoints". */
  noun: [one: string, many: string];
  /** The key of the row that is open, marked with aria-current. */
  currentKey?: string | undefined;
  estimateRowHeight?: number;
  /** Below this width the table scrolls sideways inside its box, never the page. */
  minWidth?: string;
}

/**
 * A virtualized data grid: only the rows in view are in the DOM, so 100,000 rows scroll as
 * smoothly as 10. The header stays at the top; ↑ ↓ Home End PageUp PageDown move between rows,
 * Enter opens one, → and Tab reach its actions; the next page loads as the end comes into view.
 * Loading, failure (the server's message, and a retry when one can help) and emptiness show in
 * place of the rows. A row action's dialog is the table's, on the row as it was when it opened.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  onOpen,
  actions: given,
  sort,
  onSort,
  status,
  empty,
  recover,
  noun,
  currentKey,
  estimateRowHeight = 41,
  minWidth = '48rem',
}: DataTableProps<Row>) {
  const actions = useOfferedActions(given);
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(40);
  // The height of a row as drawn, once one is: rows not yet drawn are laid out at it. A wrong
  // guess costs a re-layout of every row after each one drawn, a frame's work at 100,000 rows.
  const [rowHeight, setRowHeight] = useState(estimateRowHeight);
  const [active, setActive] = useState(0);
  const focusPending = useRef<number | null>(null);
  const tracks = gridTracks(columns, actions);
  // The row actions' dialog lives here, not in a row: a row's element shows other rows as the
  // table scrolls, and would take a dialog opened in it along.
  const [opened, setOpened] = useState<OpenedRowDialog<Row> | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  function closeDialog() {
    if (opened) {
      const index = rows.findIndex((row) => rowKey(row) === opened.rowKey);
      returnFocus.current = rowDialogOpener(scroller.current, index, opened.action);
    }
    setOpened(null);
  }

  useLayoutEffect(() => {
    if (head.current) setHeadHeight(head.current.offsetHeight);
  }, []);

  // Kept stable across renders: a new key function makes the virtualizer lay out every row
  // again, which at 100,000 rows is a whole frame's work on each scroll.
  const itemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    [rows, rowKey],
  );

  // The console does not use the React Compiler; the virtualizer re-renders the table on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey: itemKey,
    overscan: 8,
    // The rows start below the sticky header, which also covers the top of the view.
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
  });
  const items = virtualizer.getVirtualItems();
  const rowMeasure = useRowMeasure(virtualizer);
  const [rowSlots] = useState(() => new RowSlots());
  const shownRows = items.flatMap((item) => {
    const row = rows[item.index];
    return row === undefined ? [] : [{ item, row, key: rowKey(row) }];
  });
  const slots = rowSlots.assign(shownRows.map((shown) => shown.key));

  const showRows = !status.pending && !status.error && rows.length > 0;
  // The virtualizer finds its scroll box after the first render, so rows are drawn from the next.
  const drawn = showRows && items.length > 0;
  useLayoutEffect(() => {
    if (!drawn) return;
    const first = scroller.current?.querySelector<HTMLElement>('tbody tr[data-index]');
    if (first && Math.abs(first.offsetHeight - rowHeight) >= 1) setRowHeight(first.offsetHeight);
  }, [drawn, rowHeight]);
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));
  const lastShown = items.at(-1)?.index;

  const { hasMore, loadingMore, loadMoreError, onLoadMore } = status;
  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreError && nearLoadedEnd(lastShown, rows.length)) {
      onLoadMore();
    }
  }, [hasMore, loadingMore, loadMoreError, lastShown, rows.length, onLoadMore]);

  // A row reached by keyboard may only be rendered once the scroll has moved the window to it.
  useLayoutEffect(() => {
    const index = focusPending.current;
    if (index === null) return;
    const row = scroller.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (!row) return;
    focusPending.current = null;
    row.focus({ preventScroll: true });
  });

  function moveTo(index: number) {
    setActive(index);
    focusPending.current = index;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('tr[data-index]');
    if (!row) return;
    const index = Number(row.dataset.index);
    const onRow = target === row;
    // Home and End inside a control belong to the control.
    const to =
      onRow || !['Home', 'End'].includes(event.key)
        ? targetRow(event.key, index, rows.length)
        : undefined;
    if (to !== undefined) {
      event.preventDefault();
      moveTo(to);
    } else if (!onRow && event.key === 'ArrowLeft') {
      event.preventDefault();
      row.focus();
    } else if (onRow && event.key === 'ArrowRight') {
      const control = row.querySelector<HTMLElement>(rowControls);
      if (control) {
        event.preventDefault();
        control.focus();
      }
    } else if (onRow && event.key === 'Enter' && onOpen) {
      const opened = rows[index];
      if (opened !== undefined) {
        event.preventDefault();
        onOpen(opened);
      }
    }
  }

  return (
    <div className="space-y-2">
      <div
        ref={scroller}
        className="max-h-[min(70vh,36rem)] overflow-auto rounded-md border border-border"
      >
        <table
          role="grid"
          aria-label={label}
          aria-rowcount={hasMore ? -1 : rows.length + 1}
          aria-busy={status.pending || undefined}
          className="grid w-full text-sm"
          style={{ minWidth }}
        >
          <DataTableHead
            ref={head}
            columns={columns}
            actions={actions}
            tracks={tracks}
            sort={sort}
            onSort={onSort}
          />
          {showRows ? (
            <tbody
              role="rowgroup"
              className="relative grid"
              style={{ height: virtualizer.getTotalSize() }}
              onKeyDown={onKeyDown}
            >
              {shownRows.map(({ item, row, key }, shown) => {
                return (
                  <DataTableRow
                    key={slots[shown]}
                    rowKey={key}
                    index={item.index}
                    top={item.start - headHeight}
                    tracks={tracks}
                    active={item.index === activeIndex}
                    current={key === currentKey}
                    observe={rowMeasure.observe}
                    measure={rowMeasure.measure}
                    onActivate={setActive}
                    onOpen={onOpen ? () => onOpen(row) : undefined}
                  >
                    {columns.map((column) => (
                      <td key={column.id} role="gridcell" className={bodyCell}>
                        {column.cell(row)}
                      </td>
                    ))}
                    {actions ? (
                      <td role="gridcell" className={bodyCell}>
                        <RowActionButtons<Row>
                          row={row}
                          items={actions.items}
                          onDialog={(action, dialog) =>
                            setOpened({ dialog, row, rowKey: key, action })
                          }
                        />
                      </td>
                    ) : null}
                  </DataTableRow>
                );
              })}
            </tbody>
          ) : (
            <DataTableState
              status={status}
              columns={columns.length + (actions ? 1 : 0)}
              tracks={tracks}
              label={label}
              empty={empty}
              recover={recover}
            />
          )}
        </table>
      </div>
      {showRows ? <DataTableFooter count={rows.length} noun={noun} status={status} /> : null}
      {/* The one dialog the table has open, on the row it was opened from. */}
      {opened ? (
        <LazyDialog
          key={`${opened.action}:${opened.rowKey}`}
          title={opened.dialog.title(opened.row)}
          description={opened.dialog.description(opened.row)}
          onClose={closeDialog}
          returnFocusTo={returnFocus}
        >
          {opened.dialog.content(opened.row, closeDialog)}
        </LazyDialog>
      ) : null}
    </div>
  );
}
