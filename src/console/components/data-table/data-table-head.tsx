import type { Ref } from 'react';
import type { Sort } from '../../lib/list-sort';
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
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
