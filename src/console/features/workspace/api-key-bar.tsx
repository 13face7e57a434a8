import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { IdText } from '../../components/id-text';
import { QueryState } from '../../components/query-state';
import { Skeleton } from '../../components/skeleton';
import { switchKeyHref } from '../../lib/switch-key-href';
import { workspaceQueries } from './queries';

interface ApiKeyBarProps {
  workspaceId: string;
  apiKeyId: string;
}

/**
 * Above every page of an API key: which key the page acts for, and a switch to another key that
 * keeps the page (the same area, for the other key).
 */
export function ApiKeyBar({ workspaceId, apiKeyId }: ApiKeyBarProps) {
  const workspace = useQuery(workspaceQueries.detail(workspaceId));
  const navigate = useNavigate();
  const location = useLocation();
  const selectId = useId();

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border bg-surface px-3 py-2 text-sm">
      <label htmlFor={selectId} className="font-medium">
        API key
      </label>
      <QueryState
        query={workspace}
        loading="Loading the API keys…"
        skeleton={<Skeleton className="h-8 w-56" />}
      >
        {(data) => (
          <select
            id={selectId}
            value={apiKeyId}
            className="h-8 min-w-40 flex-[1_1_12rem] rounded-md border border-border bg-surface px-2 text-sm sm:max-w-sm"
            onChange={(event) =>
              void navigate({
                href: switchKeyHref(location.pathname, location.searchStr, event.target.value),
              })
            }
          >
            {Object.values(data.apiKeyList).map((key) => (
              <option key={key.id} value={key.id}>
                {key.apiKeyName} ({key.type})
              </option>
            ))}
          </select>
        )}
      </QueryState>
      <IdText value={apiKeyId} label="API key ID" className="text-xs text-muted" />
    </div>
  );
}
