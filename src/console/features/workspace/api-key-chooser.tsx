import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { IdText } from '../../components/id-text';
import { KeyAreaLink } from '../../components/key-area-link';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { Skeleton } from '../../components/skeleton';
import { keyArea } from '../../lib/areas';
import type { KeySegment } from '#contract/areas';
import { workspaceQueries } from './queries';

interface ApiKeyChooserProps {
  workspaceId: string;
  /** The key page wanted, opened for the chosen key. */
  next: KeySegment | undefined;
  /** A key the address named that the workspace does not have. */
  missing: string | undefined;
}

/** Where a key page is sent when it does not know its key: the workspace's keys to choose from. */
export function ApiKeyChooser({ workspaceId, next, missing }: ApiKeyChooserProps) {
  const workspace = useQuery(workspaceQueries.detail(workspaceId));
  const wanted = next ? keyArea(next)?.label : undefined;
  return (
    <div className="space-y-6">
      <PageHeading title="Choose an API key">
        {wanted ? `${wanted} belongs` : 'These pages belong'} to one API key of the workspace.
        Choose the key to work with; the console fetches its auth token for this tab only.
      </PageHeading>
      <FormAlert message={missing ? `This workspace has no API key ${missing}.` : undefined} />
      <QueryState
        query={workspace}
        loading="Loading the API keys…"
        skeleton={<Skeleton className="h-40 w-full" />}
      >
        {(data) => {
          const keys = Object.values(data.apiKeyList);
          if (keys.length === 0) {
            return (
              <EmptyState title="This workspace has no API keys.">
                Create one on the workspace overview.
              </EmptyState>
            );
          }
          return (
            <Card className="p-0">
              <ul aria-label="API keys" className="divide-y divide-border">
                {keys.map((key) => (
                  <li
                    key={key.id}
                    className="flex flex-wrap items-center justify-between gap-3 p-4"
                  >
                    <span className="min-w-0">
                      <span className="flex flex-wrap items-center gap-2 font-medium break-words">
                        {key.apiKeyName} <Badge>{key.type}</Badge>
                      </span>
                      <IdText
                        value={key.id}
                        label={`API key ID of ${key.apiKeyName}`}
                        className="text-xs text-muted"
                      />
                    </span>
                    <KeyAreaLink
                      apiKeyId={key.id}
                      segment={next}
                      aria-label={`Use ${key.apiKeyName}`}
                      className={buttonClasses('primary', 'sm')}
                    >
                      Use this key
                    </KeyAreaLink>
                  </li>
                ))}
              </ul>
            </Card>
          );
        }}
      </QueryState>
    </div>
  );
}
