import { Badge } from './badge';
import { Button } from './button';

export interface ItemResult {
  success: boolean;
  message: string;
}

interface ItemResultsProps {
  /** What the call did, item by item: the contract's map of id → result. */
  results: Record<string, ItemResult>;
  /** Names the list for screen readers, e.g. "Results of adding organizations". */
  label: string;
}

/**
 * The per-item answer of a multi-item call (specification: the call succeeds while single items
 * fail), failures first so that none is missed, announced when it appears.
 */
export function ItemResults({ results, label }: ItemResultsProps) {
  const entries = Object.entries(results).sort(
    ([, a], [, b]) => Number(a.success) - Number(b.success),
  );
  const failed = entries.filter(([, r]) => !r.success).length;
  return (
    <div role="status" className="space-y-2 text-sm">
      <p className="font-medium">
        {failed === 0
          ? `All ${entries.length} done.`
          : `${entries.length - failed} of ${entries.length} done, ${failed} refused.`}
      </p>
      <ul aria-label={label} className="max-h-60 space-y-1 overflow-y-auto">
        {entries.map(([id, result]) => (
          <li key={id} className="flex items-start gap-2">
            <Badge tone={result.success ? 'success' : 'danger'}>
              {result.success ? 'Done' : 'Refused'}
            </Badge>
            <span className="min-w-0 wrap-anywhere">
              <code className="font-mono">{id}</code>: {result.message}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The last step of a form that adds several items: each item's result, and Done. */
export function ItemResultsStep({ onDone, ...results }: ItemResultsProps & { onDone: () => void }) {
  return (
    <div className="space-y-4">
      <ItemResults {...results} />
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
