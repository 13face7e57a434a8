import type { UseQueryResult } from '@tanstack/react-query';
import type { AnyEndpoint } from '#contract/endpoint';
import { errorMessage } from '../lib/api-error';
import { useSecretPermission } from '../lib/use-may-call';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { Skeleton } from './skeleton';

interface SecretValueProps {
  /** What the secret is, for labels and announcements: "auth token of Main key". */
  name: string;
  /** Shown in place of the secret while it is hidden. */
  mask: string;
  /**
   * The endpoint that answers the secret: a role that may not call it, or that the role table
   * gives it masked, sees the mask and why, with no Reveal or Copy (and nothing is asked).
   */
  endpoint: AnyEndpoint;
  revealed: boolean;
  onRevealedChange: (revealed: boolean) => void;
  /** The secret's query, enabled only while revealed, so it is not fetched before it is wanted. */
  secret: UseQueryResult<string | undefined>;
  /** Fetches the secret for Copy, revealed or not. */
  copy: () => Promise<string>;
  testId?: string;
}

/** A secret masked until revealed, with Reveal/Hide and Copy beside it. */
export function SecretValue({
  name,
  mask,
  endpoint,
  revealed,
  onRevealedChange,
  secret,
  copy,
  testId,
}: SecretValueProps) {
  const permission = useSecretPermission(endpoint);
  const hidden = (
    <span className="font-mono text-xs tracking-widest text-muted">
      <span aria-hidden="true">{mask}</span>
      <span className="sr-only">hidden</span>
    </span>
  );
  if (!permission.allowed) {
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        {hidden}
        <span className="text-xs text-muted">{permission.reason}</span>
      </div>
    );
  }
  let shown;
  if (!revealed) {
    shown = hidden;
  } else if (secret.isPending) {
    shown = (
      <>
        <Skeleton className="h-4 w-52" />
        <span role="status" className="sr-only">
          Loading the {name}…
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
      <code data-testid={testId} className="min-w-0 font-mono text-xs wrap-anywhere">
        {secret.data ?? 'None.'}
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
          aria-label={`${revealed ? 'Hide' : 'Reveal'} the ${name}`}
          onClick={() => onRevealedChange(!revealed)}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <CopyButton value={copy} label={name} />
      </span>
    </div>
  );
}
