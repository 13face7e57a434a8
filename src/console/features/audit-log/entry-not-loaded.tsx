import { Button } from '../../components/button';

/**
 * An entry named in the address that the loaded rows do not hold: the service lists entries but
 * cannot get one by ID, so it is found only among the rows read so far.
 */
export function EntryNotLoaded({
  id,
  loaded,
  onClose,
}: {
  id: string;
  loaded: number;
  onClose: () => void;
}) {
  return (
    <section
      aria-label="Entry not loaded"
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-border bg-surface p-4 text-sm"
    >
      <p className="min-w-0">
        <code className="font-mono break-all">{id}</code> is not among the{' '}
        {loaded.toLocaleString('en')} entries loaded with these filters. Scroll the table to load
        more, or change the filters.
      </p>
      <Button variant="ghost" size="sm" onClick={onClose}>
        Close
      </Button>
    </section>
  );
}
