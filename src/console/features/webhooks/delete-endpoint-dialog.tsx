import { useNavigate } from '@tanstack/react-router';
import type { AdvancedWebhookEndpoint } from '#contract/webhooks';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { toast } from '../../lib/toaster';
import { useDeleteEndpoint } from './use-delete-endpoint';
import { deleteAdvancedWebhookEndpoint } from '#contract/webhooks';

interface DeleteEndpointDialogProps {
  apiKey: ApiKeyCredentials;
  endpoint: AdvancedWebhookEndpoint;
}

/** Deleting takes the secret and the delivery log with it: the admin types "delete" first. */
export function DeleteEndpointDialog({ apiKey, endpoint }: DeleteEndpointDialogProps) {
  const deleting = useDeleteEndpoint(apiKey);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      endpoint={deleteAdvancedWebhookEndpoint}
      trigger={<Button variant="danger">Delete endpoint</Button>}
      onOpenChange={(open) => {
        if (!open) deleting.reset();
      }}
      title="Delete this endpoint?"
      description={<span className="wrap-anywhere">{endpoint.url}</span>}
      confirmLabel="Delete endpoint"
      pendingLabel="Deleting…"
      confirmText="delete"
      pending={deleting.isPending}
      error={deleting.isError ? errorMessage(deleting.error) : undefined}
      onConfirm={() =>
        deleting.mutateAsync(endpoint.id).then(() => {
          toast({ tone: 'success', title: 'Endpoint deleted', message: endpoint.url });
          void navigate({ to: '/keys/$apiKeyId/webhooks', params: { apiKeyId: apiKey.id } });
        })
      }
    >
      <p className="rounded-md border border-danger bg-danger-soft p-3 text-danger-soft-fg">
        Deliveries stop at once, its signing secret and delivery log are deleted with it, and it
        cannot be brought back. Its receivers get no further events.
      </p>
    </ConfirmDialog>
  );
}
