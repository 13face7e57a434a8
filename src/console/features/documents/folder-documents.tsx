import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Button } from '../../components/button';
import { QueryError } from '../../components/query-error';
import { Skeleton } from '../../components/skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { documentQueries } from './queries';

interface FolderDocumentsProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  folderId: string;
}

/** The documents of the selected folder (Get Documents by folderId), a page at a time. */
export function FolderDocuments({ apiKey, organizationId, folderId }: FolderDocumentsProps) {
  const documents = useInfiniteQuery(
    documentQueries.list(apiKey, { organizationId, folderId, ids: undefined }),
  );
  const items = useMemo(() => pagedItems(documents.data), [documents.data]);
  const link = (
    <Link
      to="/keys/$apiKeyId/documents"
      params={{ apiKeyId: apiKey.id }}
      search={{ organization: organizationId, folder: folderId }}
      className="text-sm font-medium text-accent underline-offset-2 hover:underline"
    >
      Open in Documents
    </Link>
  );
  return (
    <section aria-labelledby="folder-documents" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="folder-documents" className="text-sm font-semibold">
          Documents in this folder
        </h3>
        {link}
      </div>
      {documents.isPending ? (
        <Skeleton className="h-16" />
      ) : documents.isError ? (
        <QueryError error={documents.error} onRetry={() => void documents.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">No documents in this folder.</p>
      ) : (
        <>
          <ul className="max-h-64 divide-y divide-border overflow-auto rounded-md border border-border text-sm">
            {items.map((document) => (
              <li key={document.id} className="flex justify-between gap-2 px-3 py-1.5">
                <span className="truncate">{document.documentName ?? document.id}</span>
                <span className="truncate text-xs text-muted">{document.id}</span>
              </li>
            ))}
          </ul>
          {documents.hasNextPage ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={documents.isFetchingNextPage}
              onClick={() => void documents.fetchNextPage()}
            >
              {documents.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
