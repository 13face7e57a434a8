import { useSuspenseQuery } from '@tanstack/react-query';
import { IdText } from '../../components/id-text';
import { useSignedIn } from '../../lib/use-role';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ApiKeysSection } from './api-keys-section';
import { CreateWorkspaceButton } from './create-workspace-button';
import { OwnerCard } from './owner-card';
import { workspaceQueries } from './queries';
import { useOpenWorkspace } from './use-open-workspace';
import { WorkspaceTokenField } from './workspace-token-field';

export function WorkspaceOverview({ workspaceId }: { workspaceId: string }) {
  // The route's loader has fetched this already; suspense only covers a refetch after a reset.
  const { data: workspace } = useSuspenseQuery(workspaceQueries.detail(workspaceId));
  const signedIn = useSignedIn();
  const baseUrl = signedIn?.session.baseUrl ?? '';
  const openWorkspace = useOpenWorkspace(signedIn);
  const name = workspace.name.trim() || 'Untitled workspace';
  useDocumentTitle(name);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-muted">Workspace</p>
          <h1 className="text-2xl font-semibold break-words sm:text-3xl">{name}</h1>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">Workspace ID</dt>
            <dd className="min-w-0">
              <IdText value={workspace.id} label="workspace ID" className="text-xs text-text" />
            </dd>
            <dt className="text-muted">Workspace token</dt>
            <dd className="min-w-0">
              <WorkspaceTokenField workspaceId={workspace.id} />
            </dd>
          </dl>
        </div>
        <CreateWorkspaceButton
          variant="secondary"
          ownerEmail={signedIn?.kind === 'person' ? signedIn.email : workspace.owner.email}
          baseUrl={baseUrl}
          onCreated={(created) => void openWorkspace(created)}
        />
      </div>
      <OwnerCard workspaceId={workspace.id} owner={workspace.owner} />
      <ApiKeysSection workspaceId={workspace.id} total={Object.keys(workspace.apiKeyList).length} />
    </div>
  );
}
