import { type ReactNode, useRef, useState } from 'react';
import type { AnyEndpoint } from '#contract/endpoint';
import { refusedButton, useMayCall } from '../lib/use-may-call';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { dialogOpener, LazyDialog } from './lazy-dialog';

interface FormDialogProps {
  /** The button that opens it. */
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** What the button is about, when its label alone does not say (a row's "Rename"). */
  describedBy?: string;
  disabled?: boolean;
  /**
   * What the form calls: for a role the role table refuses it, the button stays disabled and says
   * why (the service's refusal), so that nobody fills in a form the service would refuse.
   */
  endpoint: AnyEndpoint;
  title: string;
  description: string;
  /** The form, new each time the dialog opens (a finished call's results do not linger). */
  children: (close: () => void) => ReactNode;
}

/** A button that opens a form in a dialog; closing gives the focus back to the button. */
export function FormDialog({
  label,
  variant,
  size,
  describedBy,
  disabled,
  endpoint,
  title,
  description,
  children,
}: FormDialogProps) {
  const [open, setOpen] = useState(false);
  const permission = useMayCall(endpoint);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        ref={opener}
        variant={variant}
        size={size}
        aria-describedby={describedBy}
        disabled={disabled}
        {...dialogOpener(open)}
        onClick={() => setOpen(true)}
        {...refusedButton(permission)}
      >
        {label}
      </Button>
      {open && permission.allowed ? (
        <LazyDialog title={title} description={description} onClose={close} returnFocusTo={opener}>
          {children(close)}
        </LazyDialog>
      ) : null}
    </>
  );
}
