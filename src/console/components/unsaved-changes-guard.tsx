import { useBlocker } from '@tanstack/react-router';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';

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
  const open = blocker.status === 'blocked';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) blocker.reset?.();
      }}
    >
      <DialogContent
        title="Leave without saving?"
        description="This form has changes that were not saved. Leaving now discards them."
        footer={
          <>
            <Button variant="secondary" onClick={() => blocker.reset?.()}>
              Stay on this page
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Discard changes
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
