import { refusedButton } from '../../lib/use-may-call';
import { Button } from '../button';
import { dialogOpener } from '../lazy-dialog';
import type { RowAction, RowDialog } from './column';

interface RowActionButtonsProps<Row> {
  row: Row;
  items: readonly RowAction<Row>[];
  /** A dialog action was pressed: the table opens the dialog on this row. */
  onDialog: (action: number, dialog: RowDialog<Row>) => void;
}

/**
 * The buttons of one row's actions. They hold nothing: what they act on is the row they are drawn
 * for when pressed, whichever row their element showed before.
 */
export function RowActionButtons<Row>({ row, items, onDialog }: RowActionButtonsProps<Row>) {
  return (
    <span className="flex flex-wrap gap-2">
      {items.map((action, index) => {
        const running = 'run' in action ? action.running?.(row) : undefined;
        const unavailable = action.unavailable?.(row);
        return (
          <Button
            key={action.label}
            variant={action.variant ?? 'secondary'}
            size="sm"
            data-row-action={index}
            aria-label={action.name(row)}
            disabled={running !== undefined}
            {...('dialog' in action ? dialogOpener() : {})}
            onClick={() => {
              if ('dialog' in action) onDialog(index, action.dialog);
              else action.run(row);
            }}
            {...(unavailable ? refusedButton({ allowed: false, reason: unavailable }) : {})}
          >
            {running ?? action.label}
          </Button>
        );
      })}
    </span>
  );
}
