import { type ReactNode, useId } from 'react';

/** What a field's control needs to be tied to its label, description and error. */
export interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: string;
  /** Help text under the label, read out with the field. */
  description?: string | undefined;
  error?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  children: (wiring: ControlWiring) => ReactNode;
}

/**
 * The label, description and error around one control, tied to it with aria-describedby and
 * aria-invalid, so assistive technology reads what the field is for and what is wrong with it.
 */
export function FieldFrame({
  label,
  description,
  error,
  id,
  className = '',
  children,
}: FieldFrameProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy = [description ? descriptionId : '', error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={controlId} className="block text-sm font-medium text-text">
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
