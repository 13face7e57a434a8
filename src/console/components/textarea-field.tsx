import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';

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
  className,
  ...textarea
}: TextareaFieldProps) {
  return (
    <FieldFrame label={label} description={description} error={error} id={id} className={className}>
      {(wiring) => (
        <textarea
          {...wiring}
          className="block min-h-24 w-full rounded-md border border-border bg-surface px-3 py-2 font-mono text-xs text-text placeholder:text-muted aria-invalid:border-danger"
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}
