import { useState } from 'react';

/**
 * The text a filter box shows, kept apart from the address it writes: the address trims the text
 * and updates a moment later, and showing it back would move the caret while typing. The text
 * follows the address when that changes elsewhere (Back, Clear filters).
 */
export function useTypedFilter(value: string | undefined, onChange: (text: string) => void) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  const change = (next: string) => {
    setText(next);
    onChange(next);
  };
  return { text, change };
}
