import { useId } from 'react';

/** A confidence between 0 and 1 as a bar, announced as a meter with its value in percent. */
export function ConfidenceMeter({ value }: { value: number }) {
  const id = useId();
  const percent = Math.round(value * 100);
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between text-sm">
        <span id={id} className="font-medium">
          Confidence
        </span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <div
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-3 w-full overflow-hidden rounded-full border border-border bg-surface-muted"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
