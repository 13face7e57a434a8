interface ProgressBarProps {
  /** The bar's name, read out with its value. */
  label: string;
  value: number;
  max: number;
  /** The value in words, e.g. "2 of 4 features, 3 pages"; read out instead of a percentage. */
  valueText: string;
}

/** How far a long task is, as a WAI-ARIA progressbar (the value in words beside it). */
export function ProgressBar({ label, value, max, valueText }: ProgressBarProps) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] motion-reduce:transition-none"
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
