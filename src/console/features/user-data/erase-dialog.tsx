import type { DeleteAllUserDataRequest, ErasePreview } from '#contract/user-data';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useStartErase } from './use-erase';
import { deleteAllUserData } from '#contract/user-data';

interface EraseDialogProps {
  apiKey: ApiKeyCredentials;
  /** The request the preview answered: the erase sends exactly it. */
  request: DeleteAllUserDataRequest;
  preview: ErasePreview;
  onStarted: (jobId: string) => void;
}

/** The text to type: the user's ID for one user, how many users for several. */
export function eraseConfirmText(userIds: readonly string[]): string {
  const [only] = userIds;
  return userIds.length === 1 && only !== undefined ? only : `erase ${userIds.length} users`;
}

/**
 * Erasing cannot be undone: the admin types the user's ID (or how many users) after reading
 * the preview, and only then is the job started.
 */
export function EraseDialog({ apiKey, request, preview, onStarted }: EraseDialogProps) {
  const erasing = useStartErase(apiKey);
  const users = request.userIds;
  const one = users.length === 1;
  return (
    <ConfirmDialog
      endpoint={deleteAllUserData}
      trigger={
        <Button variant="danger" disabled={preview.tasksCount === 0}>
          {one ? 'Erase user…' : `Erase ${users.length} users…`}
        </Button>
      }
      onOpenChange={(open) => {
        if (!open) erasing.reset();
      }}
      title={one ? `Erase ${users[0] ?? ''}?` : `Erase ${users.length} users?`}
      description={<span className="wrap-anywhere">Users {users.join(', ')}</span>}
      confirmLabel={one ? 'Erase user' : 'Erase users'}
      pendingLabel="Starting…"
      confirmText={eraseConfirmText(users)}
      pending={erasing.isPending}
      error={erasing.isError ? errorMessage(erasing.error) : undefined}
      onConfirm={() => erasing.mutateAsync(request).then((job) => onStarted(job.jobId))}
    >
      <p className="rounded-md border border-danger bg-danger-soft p-3 text-danger-soft-fg">
        {preview.tasksCount} {preview.tasksCount === 1 ? 'task' : 'tasks'} (one per user and
        organization) remove what the preview lists: their access, their comments, reactions,
        recordings and other data, and their mentions. Other users’ replies stay. This cannot be
        undone.
      </p>
    </ConfirmDialog>
  );
}
