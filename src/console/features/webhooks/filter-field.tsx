import { type ReactNode, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormTextareaField } from '../../components/form-fields';
import { fieldMessage } from '../../lib/format';
import type { EndpointValues } from './endpoint-values';

interface FilterFieldProps {
  name: 'filterTypes' | 'channels';
  /** "Event types" or "Channels". */
  label: string;
  allLabel: string;
  someLabel: string;
  placeholder: string;
  description: string;
  /** Shown under the list while it is shown: a way to pick items rather than type them. */
  picker?: ReactNode;
}

/** A subscription filter: everything (no list sent), or only the listed items (a non-empty list). */
export function FilterField({
  name,
  label,
  allLabel,
  someLabel,
  placeholder,
  description,
  picker,
}: FilterFieldProps) {
  const id = useId();
  const { register, control } = useFormContext<EndpointValues>();
  const modeName = name === 'filterTypes' ? 'filterTypesMode' : 'channelsMode';
  const mode = useWatch({ control, name: modeName });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="flex flex-col gap-1.5 sm:flex-row sm:gap-6">
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="all" className="accent-accent" {...register(modeName)} />
          {allLabel}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="some" className="accent-accent" {...register(modeName)} />
          {someLabel}
        </label>
      </div>
      {mode === 'some' ? (
        <>
          <FormTextareaField
            name={name}
            id={`${id}-list`}
            label={`${label} to receive`}
            formatError={(message) => fieldMessage(label, message)}
            description={description}
            rows={2}
            spellCheck={false}
            placeholder={placeholder}
          />
          {picker}
        </>
      ) : null}
    </fieldset>
  );
}
