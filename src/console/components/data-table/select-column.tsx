import type { RowSelection } from '../../lib/use-row-selection';
import type { Column } from './column';

/** A column of boxes that choose rows (named by `keyOf`, e.g. "Select acme") for `selection`. */
export function selectColumn<Row>(
  selection: Pick<RowSelection, 'has' | 'toggle'>,
  keyOf: (row: Row) => string,
): Column<Row> {
  return {
    id: 'select',
    header: 'Select',
    width: '4.5rem',
    cell: (row) => (
      <input
        type="checkbox"
        className="size-4 cursor-pointer accent-accent"
        aria-label={`Select ${keyOf(row)}`}
        checked={selection.has(keyOf(row))}
        onChange={() => selection.toggle(keyOf(row))}
      />
    ),
  };
}
