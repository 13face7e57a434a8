import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import type { Workspace } from '#contract/workspace';
import type { MemberWorkspace, SignedIn } from '#contract/workspace-access';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { currentSessionQuery } from '../../lib/current-session';
import { roleLabels } from '../../lib/role-label';
import { FormSkeleton } from './form-skeleton';
import type { CreateWorkspaceSlot } from './create-workspace-slot';

interface ChooserProps {
  baseUrl: string;
  onChoose: (workspace: MemberWorkspace) => void;
  /** The Create Workspace action, composed in by the route. */
  renderCreateWorkspace: (slot: CreateWorkspaceSlot) => ReactNode;
  onStartOver: () => void;
}

/** After a sign-in by link: the workspaces this person belongs to, or the way to create one. */
export function WorkspaceChooser({
  login,
  baseUrl,
  onChoose,
  renderCreateWorkspace,
  onStartOver,
}: ChooserProps & { login: SignedIn }) {
  const { email, workspaces } = login;
  // A workspace made here is the person's own (the owner e-mail is theirs unless changed), opened
  // through their session; one made for another address is that person's to open.
  const onCreated = (workspace: Workspace) => {
    if (workspace.owner.email.toLowerCase() === email.toLowerCase()) {
      onChoose({ id: workspace.id, name: workspace.name, role: 'owner' });
    }
  };
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
          <p className="mt-1 text-muted">
            Create one to start, and you will be its owner; or ask an owner to invite you.
          </p>
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
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 font-medium break-words">
                    {workspace.name.trim() || 'Untitled workspace'}
                  </span>
                  <Badge>{roleLabels[workspace.role]}</Badge>
                </span>
                <span
                  className="mt-0.5 block truncate font-mono text-xs text-muted"
                  title={workspace.id}
                >
                  {workspace.id}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        {renderCreateWorkspace({ ownerEmail: email, baseUrl, onCreated })}
        <Button variant="ghost" onClick={onStartOver}>
          Use a different e-mail
        </Button>
      </div>
    </div>
  );
}

/**
 * Someone already signed in on this device who reached the sign-in page to choose a workspace (a
 * new tab while they have several, or the one it showed is no longer theirs): who they are comes
 * from their session (Get Current Session); without one, the ways to sign in.
 */
export function SignedInChooser({
  onSignedOut,
  ...chooser
}: ChooserProps & { onSignedOut: () => void }) {
  const person = useQuery({ ...currentSessionQuery(chooser.baseUrl), retry: false });
  const { isError } = person;
  useEffect(() => {
    if (isError) onSignedOut();
  }, [isError, onSignedOut]);
  return person.data ? <WorkspaceChooser login={person.data} {...chooser} /> : <FormSkeleton />;
}
