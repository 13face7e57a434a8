import { type ReactNode, useRef, useState } from 'react';
import { Button, type ButtonVariant } from './button';
import { dialogOpener, LazyDialog } from './lazy-dialog';

interface FormDialogProps {
  /** The button that opens it. */
  label: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  title: string;
  description: string;
  /** The form, new each time the dialog opens (a finished call's results do not linger). */
  children: (close: () => void) => ReactNode;
}

/** A button that opens a form in a dialog; closing gives the focus back to the button. */
export function FormDialog({
  label,
  variant,
  disabled,
  title,
  description,
  children,
}: FormDialogProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        ref={opener}
        variant={variant}
        disabled={disabled}
        {...dialogOpener(open)}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open ? (
        <LazyDialog title={title} description={description} onClose={close} returnFocusTo={opener}>
          {children(close)}
        </LazyDialog>
      ) : null}
    </>
  );
}
