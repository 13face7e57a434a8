import type { ApiKeyEntry } from '#contract/workspace';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toaster';
import { useResetAuthToken } from './use-reset-auth-token';
import { resetAuthToken } from '#contract/api-keys';

interface ResetTokenDialogProps {
  workspaceId: string;
  apiKey: ApiKeyEntry;
  /** Called once the new token is known, to show it. */
  onReset: () => void;
}

/** Reset Auth Token breaks every client of the key at once, so it asks first and says so. */
export function ResetTokenDialog({ workspaceId, apiKey, onReset }: ResetTokenDialogProps) {
  const resetting = useResetAuthToken(workspaceId);
  return (
    <ConfirmDialog
      endpoint={resetAuthToken}
      trigger={
        <Button variant="secondary" size="sm">
          Reset token
        </Button>
      }
      onOpenChange={(open) => {
        if (!open) resetting.reset();
      }}
      title={`Reset the auth token of “${apiKey.apiKeyName}”?`}
      description="A new auth token replaces the current one the moment you confirm."
      confirmLabel="Reset token"
      pendingLabel="Resetting…"
      pending={resetting.isPending}
      error={resetting.isError ? errorMessage(resetting.error) : undefined}
      onConfirm={() =>
        resetting.mutateAsync(apiKey.id).then(() => {
          onReset();
          toast({
            tone: 'success',
            title: 'Auth token reset',
            message: `Give the new token of “${apiKey.apiKeyName}” to every client that used the old one.`,
          });
        })
      }
    >
      <p className="rounded-md border border-warning bg-warning-soft p-3 text-warning-soft-fg">
        <strong>Every client that uses the current token stops working at once.</strong> Servers,
        SDKs, scripts and CI jobs calling with this key are refused (UNAUTHENTICATED) until they are
        given the new token. The old token cannot be brought back.
      </p>
    </ConfirmDialog>
  );
}
