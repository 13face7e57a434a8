import { type ComponentProps, type ReactNode, useId } from 'react';
import { useFormContext } from 'react-hook-form';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'name'> {
  /** The form field; checkboxes that share it make a list of their values. */
  name: string;
  value: string;
  label: string;
  description?: ReactNode;
}

/**
 * One choice of a group (a react-hook-form field of many values, such as triggers): a checkbox
 * with its label and what it does, the whole row clickable and at least 24 px high for a thumb.
 */
export function FormCheckboxField({
  name,
  value,
  label,
  description,
  ...input
}: CheckboxFieldProps) {
  const { register } = useFormContext();
  const id = useId();
  return (
    <div className="flex min-h-6 items-start gap-3">
      <input
        id={id}
        type="checkbox"
        value={value}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-4.5 shrink-0 cursor-pointer accent-accent disabled:cursor-not-allowed"
        {...input}
        {...register(name)}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-text">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
