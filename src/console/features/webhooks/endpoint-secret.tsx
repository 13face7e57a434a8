import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/api-error';
import { webhookQueries } from './queries';

/** The signing secret, masked until revealed; it is fetched only then, or when copied. */
export function EndpointSecret({ apiKeyId, endpointId }: { apiKeyId: string; endpointId: string }) {
  const [revealed, setRevealed] = useState(false);
  const queryClient = useQueryClient();
  const options = webhookQueries.secret(apiKeyId, endpointId);
  const secret = useQuery({ ...options, enabled: revealed });

  let shown;
  if (!revealed) {
    shown = (
      <span className="font-mono text-xs tracking-widest text-muted">
        <span aria-hidden="true">whsec_••••••••••••••••</span>
        <span className="sr-only">hidden</span>
      </span>
    );
  } else if (secret.isPending) {
    shown = (
      <>
        <Skeleton className="h-4 w-56" />
        <span role="status" className="sr-only">
          Loading the signing secret…
        </span>
      </>
    );
  } else if (secret.isError) {
    shown = (
      <span role="alert" className="text-sm text-danger">
        {errorMessage(secret.error)}
      </span>
    );
  } else {
    shown = (
      <code data-testid="signing-secret" className="min-w-0 font-mono text-xs break-all">
        {secret.data}
      </code>
    );
  }

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {shown}
      <span className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${revealed ? 'Hide' : 'Reveal'} the signing secret`}
          onClick={() => setRevealed(!revealed)}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <CopyButton value={() => queryClient.query(options)} label="signing secret" />
      </span>
    </div>
  );
}
