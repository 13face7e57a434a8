import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { CloseIcon } from './control-icons';

export const Dialog = RadixDialog.Root;

interface DialogContentProps {
  title: string;
  /** Every dialog says what it is about; Radix reads it out when the dialog opens. */
  description: ReactNode;
  children?: ReactNode;
  /**
   * Where the focus goes back to on closing, usually the button that opened the dialog: the
   * console's dialogs are opened by their owners, not by a Radix trigger that Radix would refocus.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A modal dialog: focus is trapped inside, Escape and the close button dismiss it. */
export function DialogContent({ title, description, children, returnFocusTo }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <RadixDialog.Content
        onCloseAutoFocus={
          returnFocusTo
            ? (event) => {
                event.preventDefault();
                returnFocusTo.current?.focus();
              }
            : undefined
        }
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-surface p-6 text-text shadow-xl"
      >
        <div className="flex items-start justify-between gap-4">
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          <RadixDialog.Close
            className="-m-1 rounded-md p-1 text-muted hover:bg-surface-muted hover:text-text"
            aria-label="Close"
          >
            <CloseIcon />
          </RadixDialog.Close>
        </div>
        <RadixDialog.Description className="mt-2 text-sm text-muted">
          {description}
        </RadixDialog.Description>
        {children ? <div className="mt-4">{children}</div> : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export interface OpenDialogProps extends DialogContentProps {
  /** Escape, the close button or a click outside: the owner unmounts the dialog. */
  onClose: () => void;
}

/** A dialog drawn open: its owner mounts it to open it and unmounts it to close it. */
export function OpenDialog({ onClose, ...content }: OpenDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent {...content} />
    </Dialog>
  );
}
