import { useId } from 'react';
import { selectFilter } from './filter-layout';

interface FilterSelectProps<Value extends string> {
  label: string;
  value: Value | undefined;
  /** Undefined: every value ("All"). */
  onChange: (value: Value | undefined) => void;
  options: readonly { value: Value; label: string }[];
  allLabel?: string;
}

/** A filter of a list that picks one value, kept in the address. */
export function FilterSelect<Value extends string>({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
}: FilterSelectProps<Value>) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        // Within 18rem whatever its options: a long group name must not widen the page.
        className={`${selectFilter} max-w-72`}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          onChange(chosen?.value);
        }}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
