import type { ReactNode } from 'react';

/** One column of a DataTable. */
export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** A CSS grid track, such as `minmax(14rem, 2fr)`; `minmax(8rem, 1fr)` when not given. */
  width?: string;
  /** The header sorts the list by this column (the table's `onSort` decides how). */
  sortable?: boolean;
}

/** The row actions column: buttons or links of one row, reachable from the row by keyboard. */
export interface RowActions<Row> {
  /** Heard as the column's name; not shown. */
  header: string;
  cell: (row: Row) => ReactNode;
  width?: string;
}

export function gridTracks<Row>(columns: readonly Column<Row>[], actions?: RowActions<Row>) {
  const tracks = columns.map((column) => column.width ?? 'minmax(8rem, 1fr)');
  if (actions) tracks.push(actions.width ?? 'max-content');
  return tracks.join(' ');
}

/** What can take the focus inside a row; only the active row's controls are in the tab order. */
export const rowControls = 'a[href], button, input, select, textarea, summary';
