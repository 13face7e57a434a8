import { useId, useState } from 'react';
import { Input } from '../field';
import { textFilterBox } from './filter-layout';

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
  // The typed text, so that the address (which trims it, and updates a moment later) never
  // moves the caret; it follows the address when that changes elsewhere (Back, Clear filters).
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
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
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value);
        }}
      />
    </div>
  );
}
