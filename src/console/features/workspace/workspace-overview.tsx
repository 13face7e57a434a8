import { useSuspenseQuery } from '@tanstack/react-query';
import { IdText } from '../../components/id-text';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ApiKeysSection } from './api-keys-section';
import { CreateWorkspaceButton } from './create-workspace-button';
import { OwnerCard } from './owner-card';
import { workspaceQueries } from './queries';
import { useOpenWorkspace } from './use-open-workspace';

export function WorkspaceOverview({ workspaceId }: { workspaceId: string }) {
  // The route's loader has fetched this already; suspense only covers a refetch after a reset.
  const { data: workspace } = useSuspenseQuery(workspaceQueries.detail(workspaceId));
  const baseUrl = useSession()?.baseUrl ?? '';
  const openWorkspace = useOpenWorkspace();
  const name = workspace.name.trim() || 'Untitled workspace';
  useDocumentTitle(name);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-muted">Workspace</p>
          <h1 className="text-2xl font-semibold break-words sm:text-3xl">{name}</h1>
          <p className="flex items-center gap-x-2 text-sm text-muted">
            <span className="shrink-0">Workspace ID</span>
            <IdText value={workspace.id} label="workspace ID" className="text-xs text-text" />
          </p>
        </div>
        <CreateWorkspaceButton
          variant="secondary"
          ownerEmail={workspace.owner.email}
          baseUrl={baseUrl}
          onCreated={(created) => void openWorkspace(created)}
        />
      </div>
      <OwnerCard workspaceId={workspace.id} owner={workspace.owner} />
      <ApiKeysSection workspaceId={workspace.id} keys={Object.values(workspace.apiKeyList)} />
    </div>
  );
}
