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
  /** The contract's refusal of the typed value, shown on the field before anything is sent. */
  problem?: string | undefined;
}

/** A free-text filter of a list, kept in the address as it is typed. */
export function FilterInput({ label, value, onChange, placeholder, problem }: FilterInputProps) {
  const id = useId();
  const problemId = `${id}-problem`;
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
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => change(event.target.value)}
      />
      {problem ? (
        <p id={problemId} className="text-xs text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
