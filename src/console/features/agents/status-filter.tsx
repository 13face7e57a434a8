import { type ExecutionStatus, executionStatuses } from './agents-search';
import { statusLabels } from './execution-status';

interface StatusFilterProps {
  value: ExecutionStatus | undefined;
  onChange: (status: ExecutionStatus | undefined) => void;
}

const choices: { value: ExecutionStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  ...executionStatuses.map((value) => ({ value, label: statusLabels[value] })),
];

/** The status filter as a row of toggle buttons: every status is one click away and in view. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <fieldset className="min-w-0 space-y-1">
      <legend className="mb-1 block text-xs font-medium text-muted">Status</legend>
      <div className="flex flex-wrap gap-1">
        {choices.map((choice) => (
          <button
            key={choice.label}
            type="button"
            aria-pressed={value === choice.value}
            onClick={() => onChange(choice.value)}
            className="h-9 rounded-md border border-border px-2.5 text-sm text-muted hover:bg-surface-muted hover:text-text aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:font-medium aria-pressed:text-accent-soft-fg"
          >
            {choice.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
