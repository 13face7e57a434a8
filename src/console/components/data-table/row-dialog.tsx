import type { RowDialog } from './column';

/** A row's dialog while it is open: the row as it was when it opened, and the action's place. */
export interface OpenedRowDialog<Row> {
  dialog: RowDialog<Row>;
  row: Row;
  rowKey: string;
  action: number;
}

/**
 * Where the focus goes when a row's dialog closes: the button that opened it if its row is still
 * drawn (found by its place in the list now: the element it was in may show another row by now),
 * else that row, else the grid's active row.
 */
export function rowDialogOpener(
  scroller: HTMLElement | null,
  index: number,
  action: number,
): HTMLElement | null {
  if (!scroller) return null;
  const row =
    index === -1 ? null : scroller.querySelector<HTMLElement>(`tbody tr[data-index="${index}"]`);
  return (
    row?.querySelector<HTMLElement>(`[data-row-action="${action}"]`) ??
    row ??
    scroller.querySelector<HTMLElement>('tbody tr[tabindex="0"]')
  );
}
