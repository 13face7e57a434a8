import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { QueryState } from '../../components/query-state';
import { useSession } from '../../lib/session';
import { ApiKeyItem } from './api-key-item';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { apiKeyListQuery } from './api-key-list-query';

interface ApiKeysSectionProps {
  workspaceId: string;
  /** How many keys the workspace holds (Get Workspace), before their pages are read. */
  total: number;
}

/** The workspace's keys a page at a time (Get API Keys), oldest first, with "Show more keys". */
export function ApiKeysSection({ workspaceId, total }: ApiKeysSectionProps) {
  const openedLast = useSession()?.apiKey;
  const pages = useInfiniteQuery(apiKeyListQuery(workspaceId));
  return (
    <section aria-labelledby="api-keys-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="api-keys-heading" className="text-lg font-semibold">
            API keys
          </h2>
          <p className="text-sm text-muted">
            {total === 1 ? '1 key' : `${total} keys`}. “Use this key” opens the console&apos;s pages
            of that key: its configuration, webhooks and data.
          </p>
        </div>
        <CreateApiKeyDialog workspaceId={workspaceId} />
      </div>
      <QueryState query={pages} loading="Loading the API keys…">
        {(data) => {
          const keys = data.pages.flatMap((page) => page.items);
          if (keys.length === 0) {
            return (
              <Card>
                <p className="font-medium">This workspace has no API keys.</p>
                <p className="mt-1 text-sm text-muted">
                  Applications need one to call the service; create the first one above.
                </p>
              </Card>
            );
          }
          return (
            <>
              <ul aria-label="API keys" className="space-y-3">
                {keys.map((key) => (
                  <li key={key.id}>
                    <ApiKeyItem
                      workspaceId={workspaceId}
                      apiKey={key}
                      openedLast={key.id === openedLast}
                    />
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
                <span aria-live="polite">
                  Showing {keys.length} of {Math.max(total, keys.length)}
                </span>
                {pages.hasNextPage ? (
                  <Button
                    variant="secondary"
                    disabled={pages.isFetchingNextPage}
                    onClick={() => void pages.fetchNextPage()}
                  >
                    {pages.isFetchingNextPage ? 'Loading…' : 'Show more keys'}
                  </Button>
                ) : null}
              </div>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
