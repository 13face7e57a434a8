import { useState } from 'react';
import type { ApiKeyEntry } from '../../../contract/workspace';
import { Button } from '../../components/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/notifications';
import { useResetAuthToken } from './use-reset-auth-token';

interface ResetTokenDialogProps {
  workspaceId: string;
  apiKey: ApiKeyEntry;
  /** Called once the new token is known, to show it. */
  onReset: () => void;
}

/** Reset Auth Token breaks every client of the key at once, so it asks first and says so. */
export function ResetTokenDialog({ workspaceId, apiKey, onReset }: ResetTokenDialogProps) {
  const [open, setOpen] = useState(false);
  const resetting = useResetAuthToken(workspaceId);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) resetting.reset();
  }

  function confirm() {
    resetting.mutate(apiKey.id, {
      onSuccess: () => {
        onOpenChange(false);
        onReset();
        toast({
          tone: 'success',
          title: 'Auth token reset',
          message: `Give the new token of “${apiKey.apiKeyName}” to every client that used the old one.`,
        });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Reset token
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Reset the auth token of “${apiKey.apiKeyName}”?`}
        description="A new auth token replaces the current one the moment you confirm."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="danger" disabled={resetting.isPending} onClick={confirm}>
              {resetting.isPending ? 'Resetting…' : 'Reset token'}
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm">
          <p className="rounded-md border border-warning bg-warning-soft p-3 text-warning-soft-fg">
            <strong>Every client that uses the current token stops working at once.</strong>{' '}
            Servers, SDKs, scripts and CI jobs calling with this key are refused (UNAUTHENTICATED)
            until they are given the new token. The old token cannot be brought back.
          </p>
          <FormAlert message={resetting.isError ? errorMessage(resetting.error) : undefined} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
