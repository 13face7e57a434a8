import { useId } from 'react';
import { textFilterBox } from './filter-layout';
import { useTypedFilter } from './use-typed-filter';

interface IdListFilterProps {
  /** What the ids are, e.g. "Organization IDs"; the box adds that it takes one a line. */
  label: string;
  /** How many ids the list endpoint takes at once. */
  max: number;
  /** The filter in the address: the ids, one a line. */
  value: string | undefined;
  /** Writes the typed text to the address. */
  onChange: (text: string) => void;
}

/** Lines shown before the box scrolls: a few ids are read at a glance, thirty would push the list away. */
const MAX_ROWS = 5;

/**
 * A filter by ids: one id a line, since an id may hold spaces, commas and URL characters (a search
 * that split on them could never find `acme corp`). Enter starts the next id; a pasted column of
 * ids is read as it is. Kept in the address as it is typed, as FilterInput does.
 */
export function IdListFilter({ label, max, value, onChange }: IdListFilterProps) {
  const id = useId();
  const { text, change } = useTypedFilter(value, onChange);
  const lines = text.split('\n').length;
  return (
    <div className={textFilterBox}>
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label} (one a line, up to {max})
      </label>
      <textarea
        id={id}
        rows={Math.min(lines, MAX_ROWS)}
        spellCheck={false}
        autoComplete="off"
        className="block min-h-9 w-full resize-y rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-text placeholder:text-muted"
        value={text}
        onChange={(event) => change(event.target.value)}
      />
    </div>
  );
}
