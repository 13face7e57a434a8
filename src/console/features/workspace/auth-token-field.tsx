import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyEntry } from '../../../contract/workspace';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/api-error';
import { workspaceQueries } from './queries';

interface AuthTokenFieldProps {
  workspaceId: string;
  apiKey: ApiKeyEntry;
  revealed: boolean;
  onRevealedChange: (revealed: boolean) => void;
}

/** The key's auth token, masked until revealed; it is fetched (Get Auth Tokens) only then. */
export function AuthTokenField({
  workspaceId,
  apiKey,
  revealed,
  onRevealedChange,
}: AuthTokenFieldProps) {
  const queryClient = useQueryClient();
  const options = workspaceQueries.authTokens(workspaceId, apiKey.id);
  const tokens = useQuery({ ...options, enabled: revealed });

  async function fetchToken(): Promise<string> {
    const token = (await queryClient.query(options))[0]?.token;
    if (!token) throw new Error(`The API key ${apiKey.apiKeyName} has no auth token.`);
    return token;
  }

  let shown;
  if (!revealed) {
    shown = (
      <span className="font-mono text-xs tracking-widest text-muted">
        <span aria-hidden="true">••••••••••••••••</span>
        <span className="sr-only">hidden</span>
      </span>
    );
  } else if (tokens.isPending) {
    shown = (
      <>
        <Skeleton className="h-4 w-48" />
        <span role="status" className="sr-only">
          Loading the auth token…
        </span>
      </>
    );
  } else if (tokens.isError) {
    shown = (
      <span role="alert" className="text-sm text-danger">
        {errorMessage(tokens.error)}
      </span>
    );
  } else {
    shown = (
      <code className="min-w-0 font-mono text-xs break-all">
        {tokens.data[0]?.token ?? 'This key has no auth token.'}
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
          aria-label={`${revealed ? 'Hide' : 'Reveal'} the auth token of ${apiKey.apiKeyName}`}
          onClick={() => onRevealedChange(!revealed)}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <CopyButton value={fetchToken} label={`auth token of ${apiKey.apiKeyName}`} />
      </span>
    </div>
  );
}
