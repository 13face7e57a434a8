import { type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogContent, DialogTrigger } from './dialog';

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

/** A button that opens a form in a dialog. */
export function FormDialog({
  label,
  variant,
  disabled,
  title,
  description,
  children,
}: FormDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} disabled={disabled}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        {open ? children(() => setOpen(false)) : null}
      </DialogContent>
    </Dialog>
  );
}
