import type { Ref } from 'react';
import type { Sort } from '../../lib/list-sort';
import { buttonClasses } from '../button';
import type { Column, RowActions } from './column';

export const headCell =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase';

interface DataTableHeadProps<Row> {
  columns: readonly Column<Row>[];
  actions: RowActions<Row> | undefined;
  tracks: string;
  sort: Sort<string> | undefined;
  onSort: ((columnId: string) => void) | undefined;
  ref: Ref<HTMLTableSectionElement>;
}

function SortMark({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  if (!direction)
    return (
      <span aria-hidden="true" className="text-border">
        ↕
      </span>
    );
  return <span aria-hidden="true">{direction === 'ascending' ? '↑' : '↓'}</span>;
}

/** The header row, sticky at the top of the scrolling table; sortable headers are buttons. */
export function DataTableHead<Row>({
  columns,
  actions,
  tracks,
  sort,
  onSort,
  ref,
}: DataTableHeadProps<Row>) {
  return (
    <thead
      ref={ref}
      role="rowgroup"
      className="sticky top-0 z-10 grid border-b border-border bg-surface-muted"
    >
      <tr role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: tracks }}>
        {columns.map((column) => {
          const direction =
            sort?.by === column.id ? (sort.desc ? 'descending' : 'ascending') : undefined;
          return (
            <th
              key={column.id}
              role="columnheader"
              scope="col"
              aria-sort={direction}
              className={headCell}
            >
              {column.sortable && onSort ? (
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-sm uppercase hover:text-text"
                  onClick={() => onSort(column.id)}
                >
                  {column.header}
                  <SortMark direction={direction} />
                </button>
              ) : (
                column.header
              )}
            </th>
          );
        })}
        {actions ? (
          <th role="columnheader" scope="col" className={headCell}>
            <span className="sr-only">{actions.header}</span>
            {/* The row's buttons, unseen and no taller than nothing: the actions column is as wide
                as its content (max-content) in each row, the header's too, so the header must hold
                as much for the other columns to line up with the rows'. */}
            <span
              aria-hidden="true"
              className="invisible flex h-0 gap-2 overflow-hidden tracking-normal normal-case"
            >
              {actions.items.map((action) => (
                <span
                  key={action.label}
                  className={buttonClasses(action.variant ?? 'secondary', 'sm')}
                >
                  {action.label}
                </span>
              ))}
            </span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
