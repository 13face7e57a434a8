import { type ComponentProps, useId } from 'react';

interface TextareaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  description?: string;
  error?: string | undefined;
}

/** A labelled multi-line input, wired like Field: description and error read out with it. */
export function TextareaField({
  label,
  description,
  error,
  id,
  className = '',
  ...textarea
}: TextareaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [description ? `${inputId}-description` : '', error ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={inputId} className="block text-sm font-medium text-text">
        {label}
      </label>
      {description ? (
        <p id={`${inputId}-description`} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="block min-h-24 w-full rounded-md border border-border bg-surface px-3 py-2 font-mono text-xs text-text placeholder:text-muted aria-invalid:border-danger"
        {...textarea}
      />
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
