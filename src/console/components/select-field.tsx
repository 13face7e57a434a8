import { type ComponentProps, useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  description?: string;
  error?: string | undefined;
  options: readonly SelectOption[];
}

/** A labelled native select, wired like Field: description and error read out with it. */
export function SelectField({
  label,
  description,
  error,
  options,
  id,
  className = '',
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = [
    description ? `${selectId}-description` : '',
    error ? `${selectId}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={selectId} className="block text-sm font-medium text-text">
        {label}
      </label>
      {description ? (
        <p id={`${selectId}-description`} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="block h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-text aria-invalid:border-danger"
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${selectId}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
