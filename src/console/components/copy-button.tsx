import { useEffect, useState } from 'react';
import { isApiError } from '../lib/api-error';
import { toast } from '../lib/toaster';
import { CheckIcon, CopyIcon } from './control-icons';

interface CopyButtonProps {
  /** The text, or a function that fetches it (a secret that is only loaded when asked for). */
  value: string | (() => Promise<string>);
  /** What is copied, e.g. "workspace ID"; the button is named "Copy <label>" unless `name` says. */
  label: string;
  /** The button's accessible name, when "Copy <label>" would not tell one button from another. */
  name?: string;
  /** `sm`: a 24 px button for a line of small text, such as a table's cell. */
  size?: 'md' | 'sm';
}

const confirmMs = 2000;

export function CopyButton({ value, label, name, size = 'md' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), confirmMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      // navigator.clipboard is absent outside secure contexts (plain http on another host).
      if (!('clipboard' in navigator)) throw new Error('no clipboard');
      const text = typeof value === 'string' ? value : await value();
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      toast({
        tone: 'error',
        title: `Could not copy the ${label}`,
        message: isApiError(error)
          ? error.message
          : 'The browser refused access to the clipboard; select the text and copy it instead.',
      });
    }
  }

  return (
    <span className="inline-flex shrink-0 items-center">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={name ?? `Copy ${label}`}
        title={`Copy ${label}`}
        className={`shrink-0 rounded-md text-muted hover:bg-surface-muted hover:text-text ${size === 'sm' ? 'p-1' : 'p-1.5'}`}
      >
        {copied ? <CheckIcon className="size-4 text-success" /> : <CopyIcon />}
      </button>
      {/* Seen as a short word, heard as the whole sentence. */}
      <span role="status" className="text-xs font-medium text-success">
        {copied ? (
          <>
            <span aria-hidden="true">Copied</span>
            <span className="sr-only">Copied the {label}</span>
          </>
        ) : null}
      </span>
    </span>
  );
}
