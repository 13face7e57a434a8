import type { RefObject } from 'react';
import { Dialog, DialogContent } from '../dialog';
import type { RowDialog } from './column';

/** A row's dialog while it is open: the row as it was when it opened, and the action's place. */
export interface OpenedRowDialog<Row> {
  dialog: RowDialog<Row>;
  row: Row;
  rowKey: string;
  action: number;
}

interface OpenRowDialogProps<Row> {
  opened: OpenedRowDialog<Row>;
  onClose: () => void;
  /** The row's button that opened it, found when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The one dialog a table has open, on the row it was opened from. */
export function OpenRowDialog<Row>({ opened, onClose, returnFocusTo }: OpenRowDialogProps<Row>) {
  const { dialog, row } = opened;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={dialog.title(row)}
        description={dialog.description(row)}
        returnFocusTo={returnFocusTo}
      >
        {dialog.content(row, onClose)}
      </DialogContent>
    </Dialog>
  );
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
