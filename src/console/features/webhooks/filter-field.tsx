import { useId } from 'react';
import { type UseFormRegister, useWatch, type Control } from 'react-hook-form';
import { TextareaField } from '../../components/textarea-field';
import type { EndpointValues } from './endpoint-values';

interface FilterFieldProps<Output> {
  name: 'filterTypes' | 'channels';
  /** "Event types" or "Channels". */
  label: string;
  allLabel: string;
  someLabel: string;
  placeholder: string;
  description: string;
  register: UseFormRegister<EndpointValues>;
  control: Control<EndpointValues, unknown, Output>;
  error: string | undefined;
}

/** A subscription filter: everything (no list sent), or only the listed items (a non-empty list). */
export function FilterField<Output>({
  name,
  label,
  allLabel,
  someLabel,
  placeholder,
  description,
  register,
  control,
  error,
}: FilterFieldProps<Output>) {
  const id = useId();
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
        <TextareaField
          id={`${id}-list`}
          label={`${label} to receive`}
          description={description}
          rows={2}
          spellCheck={false}
          placeholder={placeholder}
          error={error}
          {...register(name)}
        />
      ) : null}
    </fieldset>
  );
}
