import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';

export function Input({ className = '', ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={`block h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-text placeholder:text-muted aria-invalid:border-danger ${className}`}
      {...props}
    />
  );
}

interface FieldProps extends ComponentProps<'input'> {
  label: string;
  /** Help text under the label, read out with the field. */
  description?: string;
  error?: string | undefined;
}

/** A labelled input, its description and error read out with it (FieldFrame). */
export function Field({ label, description, error, id, className, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} description={description} error={error} id={id} className={className}>
      {(wiring) => <Input {...wiring} {...input} />}
    </FieldFrame>
  );
}
