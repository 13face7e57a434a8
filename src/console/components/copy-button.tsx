import { useEffect, useState } from 'react';
import { toast } from '../lib/notifications';
import { CheckIcon, CopyIcon } from './icons';

interface CopyButtonProps {
  value: string;
  /** What is copied, e.g. "workspace ID"; the button is named "Copy <label>". */
  label: string;
}

const confirmMs = 2000;

export function CopyButton({ value, label }: CopyButtonProps) {
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
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({
        tone: 'error',
        title: `Could not copy the ${label}`,
        message:
          'The browser refused access to the clipboard; select the text and copy it instead.',
      });
    }
  }

  return (
    <span className="inline-flex items-center">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy ${label}`}
        title={`Copy ${label}`}
        className="rounded-md p-1.5 text-muted hover:bg-surface-muted hover:text-text"
      >
        {copied ? <CheckIcon className="size-4 text-success" /> : <CopyIcon />}
      </button>
      <span role="status" className="sr-only">
        {copied ? `Copied the ${label}` : ''}
      </span>
    </span>
  );
}
