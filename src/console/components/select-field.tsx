import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';

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
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} description={description} error={error} id={id} className={className}>
      {(wiring) => (
        <select
          {...wiring}
          className="block h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-text aria-invalid:border-danger"
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
