import { type ComponentProps, type ReactNode, useId } from 'react';

interface SwitchFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  /** What turning it on does; read out with the switch. */
  description?: ReactNode;
}

/**
 * An on/off setting: a checkbox with the switch role, so that it works with react-hook-form's
 * register and the keyboard (Space) like any checkbox, and is announced as "on" or "off".
 */
export function SwitchField({
  label,
  description,
  id,
  className = '',
  ...input
}: SwitchFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const descriptionId = `${inputId}-description`;
  return (
    <div className={`flex items-start justify-between gap-4 ${className}`}>
      <div className="min-w-0">
        <label htmlFor={inputId} className="block text-sm font-medium text-text">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="mt-0.5 text-sm text-muted">
            {description}
          </p>
        ) : null}
      </div>
      <input
        id={inputId}
        type="checkbox"
        role="switch"
        aria-describedby={description ? descriptionId : undefined}
        className="peer relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border border-border bg-surface-muted transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-4.5 before:rounded-full before:bg-muted before:transition-transform checked:border-accent checked:bg-accent checked:before:translate-x-5 checked:before:bg-accent-fg disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:before:transition-none"
        {...input}
      />
    </div>
  );
}
