import { useQuery } from '@tanstack/react-query';
import { type Folder, ROOT_FOLDER } from '#contract/folders';
import { Skeleton } from '../../components/skeleton';
import { IdText } from '../../components/id-text';
import { QueryError } from '../../components/query-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { formatTime } from '../../lib/format-time';
import { organizationChoices } from '../../lib/organization-choices';
import { AccessBadges } from './folder-tree';
import { folderQueries } from './queries';

interface FolderDetailsProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  folderId: string;
  /** The folders the tree has read, which name the path's folders (it reads them to open it). */
  known: ReadonlyMap<string, Pick<Folder, 'folderName'>>;
  onSelect: (folderId: string | undefined) => void;
}

/**
 * The selected folder as v2 reads it: its path from the top (ancestors, by name once the tree has
 * read them, by ID until then), access and dates.
 */
export function FolderDetails({
  apiKey,
  organizationId,
  folderId,
  known,
  onSelect,
}: FolderDetailsProps) {
  const detail = useQuery(folderQueries.detail(apiKey, organizationId, folderId));
  const organizationName = useQuery({
    ...organizationChoices(apiKey),
    select: (organizations) =>
      organizations.find((organization) => organization.id === organizationId)?.organizationName,
  }).data;
  if (detail.isPending) return <Skeleton className="h-24" />;
  if (detail.isError) {
    return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const folder = detail.data;
  const path = folder.ancestors.filter((id) => id !== ROOT_FOLDER);
  return (
    <div className="space-y-3">
      <nav aria-label="Folder path">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li>
            <button
              type="button"
              className="text-accent hover:underline"
              title={organizationId}
              onClick={() => onSelect(undefined)}
            >
              {organizationName ?? organizationId}
            </button>
          </li>
          {path.map((id) => (
            <li key={id} className="flex items-center gap-1">
              <span aria-hidden="true" className="text-muted">
                /
              </span>
              <button
                type="button"
                className="text-accent hover:underline"
                title={id}
                onClick={() => onSelect(id)}
              >
                {known.get(id)?.folderName ?? id}
              </button>
            </li>
          ))}
          <li className="flex items-center gap-1">
            <span aria-hidden="true" className="text-muted">
              /
            </span>
            <span aria-current="location" className="font-semibold">
              {folder.folderName}
            </span>
          </li>
        </ol>
      </nav>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Folder ID</dt>
        <dd className="min-w-0">
          <IdText value={folder.folderId} label="folder ID" />
        </dd>
        <dt className="text-muted">Access</dt>
        <dd className="flex">
          <AccessBadges accessType={folder.accessType} inherits={folder.inheritAccessFromParent} />
        </dd>
        <dt className="text-muted">Subfolders</dt>
        <dd>{folder.subFolders?.length ?? 0}</dd>
        <dt className="text-muted">Created</dt>
        <dd>{formatTime(folder.createdAt)}</dd>
        <dt className="text-muted">Updated</dt>
        <dd>{formatTime(folder.lastUpdated)}</dd>
      </dl>
    </div>
  );
}
