import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AdvancedWebhookEndpoint } from '../../../contract/webhooks';
import { Button } from '../../components/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/notifications';
import { useDeleteEndpoint } from './use-delete-endpoint';

interface DeleteEndpointDialogProps {
  apiKeyId: string;
  endpoint: AdvancedWebhookEndpoint;
}

export function DeleteEndpointDialog({ apiKeyId, endpoint }: DeleteEndpointDialogProps) {
  const [open, setOpen] = useState(false);
  const deleting = useDeleteEndpoint(apiKeyId);
  const navigate = useNavigate();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) deleting.reset();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="danger">Delete endpoint</Button>
      </DialogTrigger>
      <DialogContent
        title="Delete this endpoint?"
        description={<span className="break-all">{endpoint.url}</span>}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              disabled={deleting.isPending}
              onClick={() =>
                deleting.mutate(endpoint.id, {
                  onSuccess: () => {
                    setOpen(false);
                    toast({ tone: 'success', title: 'Endpoint deleted', message: endpoint.url });
                    void navigate({ to: '/webhooks' });
                  },
                })
              }
            >
              {deleting.isPending ? 'Deleting…' : 'Delete endpoint'}
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm">
          <p className="rounded-md border border-danger bg-danger-soft p-3 text-danger-soft-fg">
            Deliveries stop at once, its signing secret and delivery log are deleted with it, and it
            cannot be brought back. Its receivers get no further events.
          </p>
          <FormAlert message={deleting.isError ? errorMessage(deleting.error) : undefined} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
