import { type ComponentProps, useId } from 'react';

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

/**
 * A labelled input whose description and error are tied to it with aria-describedby, and which is
 * marked aria-invalid while it has an error, so assistive technology reads what is wrong.
 */
export function Field({ label, description, error, id, className = '', ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const describedBy = [description ? descriptionId : '', error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={inputId} className="block text-sm font-medium text-text">
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
