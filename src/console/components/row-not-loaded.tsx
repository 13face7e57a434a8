import { Button } from './button';

interface RowNotLoadedProps {
  id: string;
  /** What a row is, one and many: `['Execution', 'executions']`. */
  noun: [one: string, many: string];
  loaded: number;
  onClose: () => void;
}

/**
 * A row named in the address (its details asked for) that the loaded rows do not hold: lists
 * whose service cannot get one row by ID find it only among the rows read so far.
 */
export function RowNotLoaded({ id, noun, loaded, onClose }: RowNotLoadedProps) {
  return (
    <section
      aria-label={`${noun[0]} not loaded`}
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-border bg-surface p-4 text-sm"
    >
      <p className="min-w-0">
        <code className="font-mono wrap-anywhere">{id}</code> is not among the{' '}
        {loaded.toLocaleString('en')} {noun[1]} loaded with these filters. Scroll the table to load
        more, or change the filters.
      </p>
      <Button variant="ghost" size="sm" onClick={onClose}>
        Close
      </Button>
    </section>
  );
}
