import {
  type ComponentProps,
  type ReactElement,
  type ReactNode,
  cloneElement,
  useId,
  useState,
} from 'react';
import type { AnyEndpoint } from '#contract/endpoint';
import { refusedButton, useMayCall } from '../lib/use-may-call';
import { Button } from './button';
import { Input } from './field';
import { FormAlert } from './form-alert';
import { dialogOpener, LazyDialog } from './lazy-dialog';

interface ConfirmDialogProps {
  /**
   * The button that opens the dialog, which gets the focus back when it closes; leave out to
   * control it with `open` and `onOpenChange`.
   */
  trigger?: ReactElement<ComponentProps<'button'>>;
  /**
   * What confirming calls: for a role the role table refuses it, the trigger stays disabled and
   * says why (the service's refusal), and the dialog never opens. Null for a question that calls
   * nothing (leaving a page with unsaved changes).
   */
  endpoint: AnyEndpoint | null;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  /** One sentence of what confirming does; read out when the dialog opens. */
  description: ReactNode;
  /** The consequences, said before the admin confirms. */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's label while the action runs, e.g. "Deleting…". */
  pendingLabel?: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  pending?: boolean;
  /** The service's refusal, shown in the dialog. */
  error?: string | undefined;
  /**
   * The action. When it answers a promise, the dialog closes once that resolves and stays open
   * with `error` when it rejects.
   */
  onConfirm: () => Promise<unknown> | undefined;
  /**
   * The typed-confirmation variant: confirming waits until the admin types this text, for actions
   * that cannot be undone and are easy to start by mistake.
   */
  confirmText?: string;
}

/** Whether the typed text is the confirmation asked for (spaces around it do not count). */
export function isConfirmed(typed: string, expected: string | undefined): boolean {
  return expected === undefined || typed.trim() === expected;
}

/** A question before an action, in a modal dialog: Cancel (or Escape) leaves things as they are. */
export function ConfirmDialog({
  trigger,
  endpoint,
  open: controlledOpen,
  onOpenChange,
  title,
  description,
  ...question
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  // The trigger, which gets the focus back on closing: taken from its click, so that the caller's
  // element keeps its own ref.
  const [opener, setOpener] = useState<HTMLButtonElement | null>(null);
  const permission = useMayCall(endpoint ?? undefined);
  const open = (controlledOpen ?? ownOpen) && permission.allowed;

  function changeOpen(next: boolean) {
    setOwnOpen(next);
    onOpenChange?.(next);
  }
  const close = () => changeOpen(false);

  return (
    <>
      {trigger
        ? cloneElement(trigger, {
            ...dialogOpener(open),
            onClick: (event) => {
              setOpener(event.currentTarget);
              changeOpen(true);
            },
            ...refusedButton(permission),
          })
        : null}
      {open ? (
        <LazyDialog
          title={title}
          description={description}
          onClose={close}
          returnFocusTo={opener ? { current: opener } : undefined}
        >
          <ConfirmQuestion {...question} onDone={close} />
        </LazyDialog>
      ) : null}
    </>
  );
}

export type ConfirmQuestionProps = Omit<
  ConfirmDialogProps,
  'trigger' | 'endpoint' | 'open' | 'onOpenChange' | 'title' | 'description'
> & {
  /** Cancel, or the action's promise resolved: the dialog closes. */
  onDone: () => void;
};

/**
 * The dialog's body, new at each opening: the consequences, the typed text, Cancel, the action.
 * A row action's dialog (which the table owns) asks it too.
 */
export function ConfirmQuestion({
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  pending = false,
  error,
  onConfirm,
  confirmText,
  onDone,
}: ConfirmQuestionProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const ready = isConfirmed(typed, confirmText);
  function confirm() {
    if (!ready || pending) return;
    const done = onConfirm();
    if (done) done.then(onDone, () => undefined);
  }
  return (
    <>
      <div className="space-y-3 text-sm">
        {children}
        {confirmText !== undefined ? (
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block font-medium">
              Type <code className="font-mono">{confirmText}</code> to confirm
            </label>
            <Input
              id={inputId}
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') confirm();
              }}
            />
          </div>
        ) : null}
        <FormAlert message={error} />
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {cancelLabel}
        </Button>
        <Button variant={tone} disabled={pending || !ready} onClick={confirm}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </>
  );
}
