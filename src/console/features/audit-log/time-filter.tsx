import { useId, useState } from 'react';
import { Input } from '../../components/field';
import { isoOf, localOf } from './time-range';

interface TimeFilterProps {
  label: string;
  /** The instant in the address (ISO). */
  value: string | undefined;
  onChange: (iso: string | undefined) => void;
  /** The contract's refusal of the range, shown on the field before anything is sent. */
  problem?: string | undefined;
}

/**
 * One end of the time range, picked in the admin's own clock and kept in the address as the ISO
 * instant the service reads. The picked text is kept while it is incomplete, so a half-typed
 * time does not clear the filter under the caret.
 */
export function TimeFilter({ label, value, onChange, problem }: TimeFilterProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  const [text, setText] = useState(localOf(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (isoOf(text) !== value) setText(localOf(value));
  }
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
      </label>
      <Input
        id={id}
        type="datetime-local"
        step={1}
        className="h-9"
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          const iso = isoOf(event.target.value);
          if (iso !== undefined || event.target.value === '') onChange(iso);
        }}
      />
      {problem ? (
        <p id={problemId} className="max-w-xs text-xs text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
