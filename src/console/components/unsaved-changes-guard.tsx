import { useBlocker } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { loadDialog } from './lazy-dialog';

/**
 * Asks before leaving a form with unsaved changes: a dialog for navigation inside the console, and
 * the browser's own prompt for closing or reloading the tab.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: () => when,
    enableBeforeUnload: () => when,
    withResolver: true,
  });
  // The question comes the moment a link is followed: by then the dialog's code is here.
  useEffect(() => {
    if (when) void loadDialog();
  }, [when]);
  return (
    <ConfirmDialog
      endpoint={null}
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title="Leave without saving?"
      description="This form has changes that were not saved. Leaving now discards them."
      cancelLabel="Stay on this page"
      confirmLabel="Discard changes"
      onConfirm={() => {
        blocker.proceed?.();
        return undefined;
      }}
    />
  );
}
