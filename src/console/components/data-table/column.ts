import type { ReactNode } from 'react';
import type { AnyEndpoint } from '#contract/endpoint';
import type { ButtonVariant } from '../button';

/**
 * One column of a DataTable. Its cell is drawn into a row element that the table gives to another
 * row as it scrolls (row-slots.ts), so a cell shows the row and holds nothing of its own: a
 * component with state inside a cell would carry it into the next row the element shows. What a
 * row opens or does is a row action.
 */
export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * A CSS grid track, such as `minmax(14rem, 2fr)`; `minmax(8rem, 1fr)` when not given. Lengths and
   * `fr` only: each row is a grid of its own, so a track sized by its content (`auto`,
   * `max-content`) would be as wide as each row's content, and the columns would not line up.
   */
  width?: string;
  /** The header sorts the list by this column (the table's `onSort` decides how). */
  sortable?: boolean;
}

interface RowActionButton<Row> {
  /** The button's text, such as "Migrate". */
  label: string;
  /** Its accessible name, which names the row: "Migrate doc-104". */
  name: (row: Row) => string;
  variant?: ButtonVariant;
  /**
   * What it calls: a role the role table refuses it is not offered the action (DataTable). Null
   * for an action that calls nothing.
   */
  endpoint: AnyEndpoint | null;
  /**
   * Why the action cannot be taken on this row (the owner cannot be removed), if it cannot: the
   * button stays in its place, disabled, and says why.
   */
  unavailable?: (row: Row) => string | undefined;
}

/** A row action that acts at once, on the row as it is when the button is pressed. */
export interface RowCommand<Row> extends RowActionButton<Row> {
  run: (row: Row) => void;
  /** The button's text while this row's action runs ("Resending…"); it is disabled meanwhile. */
  running?: (row: Row) => string | undefined;
}

/**
 * A dialog opened from a row. The table owns it: it holds the row as it was when the dialog
 * opened and makes the content afresh for each opening, so neither scrolling nor the list being
 * read again can give it another row.
 */
export interface RowDialog<Row> {
  title: (row: Row) => string;
  /** Read out as the dialog opens: what it does to the row. */
  description: (row: Row) => ReactNode;
  /** The dialog's body (a form, its result); `close` ends the dialog. */
  content: (row: Row, close: () => void) => ReactNode;
}

/** A row action that opens a dialog on the row. */
export interface RowDialogAction<Row> extends RowActionButton<Row> {
  dialog: RowDialog<Row>;
}

export type RowAction<Row> = RowCommand<Row> | RowDialogAction<Row>;

/**
 * The row actions column: buttons the table draws for each row, reachable from the row by
 * keyboard. They are descriptions, not elements, so that nothing in a row can hold state that a
 * reused row element would carry to another row.
 */
export interface RowActions<Row> {
  /** Heard as the column's name; not shown. */
  header: string;
  items: readonly RowAction<Row>[];
  width?: string;
}

export function gridTracks<Row>(columns: readonly Column<Row>[], actions?: RowActions<Row>) {
  const tracks = columns.map((column) => column.width ?? 'minmax(8rem, 1fr)');
  if (actions) tracks.push(actions.width ?? 'max-content');
  return tracks.join(' ');
}

/** What can take the focus inside a row; only the active row's controls are in the tab order. */
export const rowControls = 'a[href], button, input, select, textarea, summary';
