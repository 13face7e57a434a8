import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/api-error';
import { workspaceQueries } from './queries';

interface EmailVerificationProps {
  workspaceId: string;
  ownerEmail: string;
}

/**
 * Whether the owner's e-mail is verified (an unverified owner's API keys stop working after a
 * grace period), with "Check again" that asks the service and shows its own sentence.
 */
export function EmailVerification({ workspaceId, ownerEmail }: EmailVerificationProps) {
  const status = useQuery(workspaceQueries.emailStatus(workspaceId, ownerEmail));
  const [checked, setChecked] = useState(false);

  async function checkAgain() {
    await status.refetch();
    setChecked(true);
  }

  let badge;
  if (status.isPending) badge = <Skeleton className="h-5 w-24 rounded-full" />;
  else if (status.isError) badge = <Badge tone="danger">Status unknown</Badge>;
  else if (status.data.verified) badge = <Badge tone="success">E-mail verified</Badge>;
  else badge = <Badge tone="warning">E-mail not verified</Badge>;

  return (
    <div className="space-y-2 border-t border-border pt-4">
      <div className="flex flex-wrap items-center gap-3">
        {badge}
        <Button
          variant="secondary"
          size="sm"
          disabled={status.isFetching}
          onClick={() => void checkAgain()}
        >
          {status.isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      {/* A live region present from the start, so that the answer of a check is read out. */}
      <p role="status" className="text-sm text-muted">
        {status.isError
          ? errorMessage(status.error)
          : checked && status.data
            ? `The service says: ${status.data.message}.`
            : ''}
      </p>
      {status.data && !status.data.verified ? (
        <p className="text-sm text-muted">
          Opening a login link sent to this address verifies it. Until then, the API keys of an
          unverified owner stop working a few days after the first workspace was created.
        </p>
      ) : null}
    </div>
  );
}
