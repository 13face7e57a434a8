import { useId } from 'react';
import { Input } from '../field';
import { textFilterBox } from './filter-layout';
import { useTypedFilter } from './use-typed-filter';

interface FilterInputProps {
  label: string;
  /** The filter in the address. */
  value: string | undefined;
  /** Writes the typed text to the address. */
  onChange: (text: string) => void;
  placeholder?: string;
}

/** A free-text filter of a list, kept in the address as it is typed. */
export function FilterInput({ label, value, onChange, placeholder }: FilterInputProps) {
  const id = useId();
  const { text, change } = useTypedFilter(value, onChange);
  return (
    <div className={textFilterBox}>
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        className="h-9"
        value={text}
        placeholder={placeholder}
        onChange={(event) => change(event.target.value)}
      />
    </div>
  );
}
