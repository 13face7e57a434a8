import { useState } from 'react';
import { PREVIOUS_SECRET_GRACE_MS } from '../../../contract/webhook-deliveries';
import { Button } from '../../components/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/notifications';
import { formatTime } from './format-time';
import { useRotateSecret } from './use-rotate-secret';

const graceHours = PREVIOUS_SECRET_GRACE_MS / 3_600_000;

export function RotateSecretDialog({
  apiKeyId,
  endpointId,
}: {
  apiKeyId: string;
  endpointId: string;
}) {
  const [open, setOpen] = useState(false);
  const rotating = useRotateSecret(apiKeyId, endpointId);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) rotating.reset();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Rotate secret
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Rotate the signing secret?"
        description="The service generates a new secret and signs every delivery with it from now on."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              disabled={rotating.isPending}
              onClick={() =>
                rotating.mutate(undefined, {
                  onSuccess: ({ previousSecretExpiresAt }) => {
                    onOpenChange(false);
                    toast({
                      tone: 'success',
                      title: 'Signing secret rotated',
                      message: `The previous secret also signs until ${formatTime(previousSecretExpiresAt)}.`,
                    });
                  },
                })
              }
            >
              {rotating.isPending ? 'Rotating…' : 'Rotate secret'}
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm">
          <p className="rounded-md border border-warning bg-warning-soft p-3 text-warning-soft-fg">
            For the next {graceHours} hours each delivery carries two signatures, one per secret, so
            receivers keep verifying while you give them the new secret. After that, receivers that
            still check only the old secret refuse every delivery.
          </p>
          <FormAlert message={rotating.isError ? errorMessage(rotating.error) : undefined} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
