import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../components/query-error';
import { Skeleton } from '../../components/skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { folderQueries } from './queries';

interface FolderV1ViewProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  folderId: string;
}

/**
 * The selected folder as Get Folders v1 answers it, verbatim: no ancestors, access type,
 * inheritance or API key, and one level of subFolders whatever the depth asked.
 */
export function FolderV1View({ apiKey, organizationId, folderId }: FolderV1ViewProps) {
  const v1 = useQuery(folderQueries.v1(apiKey, organizationId, folderId));
  return (
    <section aria-labelledby="folder-v1" className="space-y-2">
      <h3 id="folder-v1" className="text-sm font-semibold">
        What a v1 caller reads
      </h3>
      <p className="text-sm text-muted">
        POST /v1/organizations/folders/get with this folderId: the v1 fields only (no ancestors,
        accessType, inheritAccessFromParent or apiKey), and one level of subFolders.
      </p>
      {v1.isPending ? (
        <Skeleton className="h-32" />
      ) : v1.isError ? (
        <QueryError error={v1.error} onRetry={() => void v1.refetch()} />
      ) : (
        <pre
          tabIndex={0}
          aria-label="Get Folders v1 answer"
          className="max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-3 text-xs"
        >
          {JSON.stringify(v1.data, null, 2)}
        </pre>
      )}
    </section>
  );
}
