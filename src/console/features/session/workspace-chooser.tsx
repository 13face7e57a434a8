import type { ReactNode } from 'react';
import type { Workspace } from '#contract/workspace';
import { Button } from '../../components/button';

interface WorkspaceChooserProps {
  email: string;
  workspaces: readonly Workspace[];
  onChoose: (workspace: Workspace) => void;
  /** The Create Workspace action, composed in by the route. */
  createAction: ReactNode;
  onStartOver: () => void;
}

function keyCount(workspace: Workspace): string {
  const count = Object.keys(workspace.apiKeyList).length;
  return count === 1 ? '1 API key' : `${count} API keys`;
}

/** After Complete Login: the workspaces this e-mail owns, or the way to create the first one. */
export function WorkspaceChooser({
  email,
  workspaces,
  onChoose,
  createAction,
  onStartOver,
}: WorkspaceChooserProps) {
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">Choose a workspace</h1>
        <p className="mt-1 text-sm text-muted">
          Signed in as <strong className="wrap-anywhere text-text">{email}</strong>.
        </p>
      </div>
      {workspaces.length === 0 ? (
        <div className="rounded-md border border-dashed border-border p-4 text-sm">
          <p className="font-medium">No workspace belongs to this e-mail yet.</p>
          <p className="mt-1 text-muted">Create one to start; you will be its owner.</p>
        </div>
      ) : (
        <ul aria-label="Your workspaces" className="space-y-2">
          {workspaces.map((workspace) => (
            <li key={workspace.id}>
              <button
                type="button"
                onClick={() => onChoose(workspace)}
                className="w-full rounded-lg border border-border bg-surface px-4 py-3 text-left hover:border-accent hover:bg-surface-muted"
              >
                <span className="block font-medium break-words">
                  {workspace.name.trim() || 'Untitled workspace'}
                </span>
                <span className="mt-0.5 flex gap-x-3 text-xs text-muted">
                  <span className="min-w-0 truncate font-mono" title={workspace.id}>
                    {workspace.id}
                  </span>
                  <span>{keyCount(workspace)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        {createAction}
        <Button variant="ghost" onClick={onStartOver}>
          Use a different e-mail
        </Button>
      </div>
    </div>
  );
}
