import { useSuspenseQuery } from '@tanstack/react-query';
import { CopyButton } from '../../components/copy-button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ApiKeyTable } from './api-key-table';
import { OwnerCard } from './owner-card';
import { workspaceQueries } from './queries';

export function WorkspaceOverview({ workspaceId }: { workspaceId: string }) {
  // The route's loader has fetched this already; suspense only covers a refetch after a reset.
  const { data: workspace } = useSuspenseQuery(workspaceQueries.detail(workspaceId));
  const name = workspace.name.trim() || 'Untitled workspace';
  useDocumentTitle(name);

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <p className="text-sm font-medium text-muted">Workspace</p>
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">{name}</h1>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
          <span>Workspace ID</span>
          <code className="font-mono text-xs break-all text-text">{workspace.id}</code>
          <CopyButton value={workspace.id} label="workspace ID" />
        </p>
      </div>
      <OwnerCard owner={workspace.owner} />
      <ApiKeyTable keys={Object.values(workspace.apiKeyList)} />
    </div>
  );
}
