import { useInfiniteQuery } from '@tanstack/react-query';
import type { GetUsersRequest } from '#contract/users';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { QueryError } from '../../components/query-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { userQueries } from './queries';

interface UsersByDocumentProps {
  apiKey: ApiKeyCredentials;
  request: GetUsersRequest;
}

/** Every document's users (Get Users with allDocuments and groupByDocumentId), page by page. */
export function UsersByDocument({ apiKey, request }: UsersByDocumentProps) {
  const groups = useInfiniteQuery(userQueries.byDocument(apiKey, request));
  if (groups.isError && !groups.data)
    return <QueryError error={groups.error} onRetry={() => void groups.refetch()} />;
  if (groups.isPending) return <p className="text-sm text-muted">Loading…</p>;
  const documents = pagedItems(groups.data);
  if (documents.length === 0) return <EmptyState title="No document has users yet" />;
  return (
    <div className="space-y-3">
      <ul aria-label="Users by document" className="divide-y divide-border">
        {documents.map(({ documentId, users }) => (
          <li key={documentId} className="space-y-1 py-2">
            <h3 className="truncate font-mono text-sm font-semibold" title={documentId}>
              {documentId}
            </h3>
            <p className="text-sm text-muted">
              {users.map((user) => user.name ?? user.userId).join(', ')}
            </p>
          </li>
        ))}
      </ul>
      {groups.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={groups.isFetchingNextPage}
          onClick={() => void groups.fetchNextPage()}
        >
          {groups.isFetchingNextPage ? 'Loading…' : 'Load more documents'}
        </Button>
      ) : null}
    </div>
  );
}
