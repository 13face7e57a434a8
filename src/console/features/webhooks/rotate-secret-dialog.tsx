import { PREVIOUS_SECRET_GRACE_MS } from '#contract/webhook-deliveries';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useRotateSecret } from './use-rotate-secret';
import { rotateAdvancedWebhookEndpointSecret } from '#contract/webhook-deliveries';

const graceHours = PREVIOUS_SECRET_GRACE_MS / 3_600_000;

export function RotateSecretDialog({
  apiKey,
  endpointId,
}: {
  apiKey: ApiKeyCredentials;
  endpointId: string;
}) {
  const rotating = useRotateSecret(apiKey, endpointId);
  return (
    <ConfirmDialog
      endpoint={rotateAdvancedWebhookEndpointSecret}
      trigger={
        <Button variant="secondary" size="sm">
          Rotate secret
        </Button>
      }
      onOpenChange={(open) => {
        if (!open) rotating.reset();
      }}
      title="Rotate the signing secret?"
      description="The service generates a new secret and signs every delivery with it from now on."
      confirmLabel="Rotate secret"
      pendingLabel="Rotating…"
      pending={rotating.isPending}
      error={rotating.isError ? errorMessage(rotating.error) : undefined}
      onConfirm={() => rotating.mutateAsync()}
    >
      <p className="rounded-md border border-warning bg-warning-soft p-3 text-warning-soft-fg">
        For the next {graceHours} hours each delivery carries two signatures, one per secret, so
        receivers keep verifying while you give them the new secret. After that, receivers that
        still check only the old secret refuse every delivery.
      </p>
    </ConfirmDialog>
  );
}
