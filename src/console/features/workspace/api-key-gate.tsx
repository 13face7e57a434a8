import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { ApiKeyEntry } from '../../../contract/workspace';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormAlert } from '../../components/form-alert';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/api-error';
import { useSession } from '../../lib/session';
import { workspaceQueries } from './queries';
import { useChooseKey } from './use-choose-key';

interface ApiKeyGateProps {
  workspaceId: string;
  /** The page of the chosen key; it is mounted afresh when another key is chosen. */
  children: (apiKey: ApiKeyEntry) => ReactNode;
}

/**
 * The API-key pages act for one key of the workspace. Until one is chosen this asks for it; after,
 * it names the key in use above the page and lets the admin switch to another.
 */
export function ApiKeyGate({ workspaceId, children }: ApiKeyGateProps) {
  const session = useSession();
  const workspace = useQuery(workspaceQueries.detail(workspaceId));
  const choosing = useChooseKey(workspaceId);
  const selectId = useId();

  if (workspace.isPending) {
    return (
      <div role="status" aria-label="Loading the API keys" className="space-y-3">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (workspace.isError) return <FormAlert message={errorMessage(workspace.error)} />;

  const keys = Object.values(workspace.data.apiKeyList);
  const current = keys.find((key) => key.id === session?.apiKey);
  const failure = choosing.isError ? errorMessage(choosing.error) : undefined;

  if (!current) {
    return (
      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-lg font-semibold">Choose an API key</h2>
          <p className="text-sm text-muted">
            These settings belong to one API key of the workspace. Choose the key to work with; the
            console fetches its auth token for this tab only.
          </p>
        </div>
        <ul className="divide-y divide-border rounded-md border border-border">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-2 font-medium break-words">
                  {key.apiKeyName} <Badge>{key.type}</Badge>
                </span>
                <code className="block font-mono text-xs break-all text-muted">{key.id}</code>
              </span>
              <Button
                size="sm"
                disabled={choosing.isPending}
                aria-label={`Use ${key.apiKeyName}`}
                onClick={() => choosing.mutate(key)}
              >
                Use this key
              </Button>
            </li>
          ))}
        </ul>
        <FormAlert message={failure} />
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-surface px-3 py-2 text-sm">
        <label htmlFor={selectId} className="font-medium">
          API key
        </label>
        <select
          id={selectId}
          value={current.id}
          disabled={choosing.isPending}
          className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-sm sm:max-w-sm"
          onChange={(event) => {
            const next = keys.find((key) => key.id === event.target.value);
            if (next) choosing.mutate(next);
          }}
        >
          {keys.map((key) => (
            <option key={key.id} value={key.id}>
              {key.apiKeyName} ({key.type})
            </option>
          ))}
        </select>
        <code className="font-mono text-xs break-all text-muted">{current.id}</code>
      </div>
      <FormAlert message={failure} />
      <div key={current.id}>{children(current)}</div>
    </div>
  );
}
