import { useQuery } from '@tanstack/react-query';
import { roleLabels } from '../lib/role-label';
import type { SignedIn } from '../lib/use-role';
import { useSignOut } from '../lib/use-sign-out';
import { useSwitchWorkspace } from '../lib/use-switch-workspace';
import { workspaceDetailQuery } from '../lib/workspace-query';
import { Badge } from './badge';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { revokeSessions } from '#contract/sessions';

const selectClasses =
  'block h-9 w-full min-w-0 rounded-md border border-border bg-surface px-2 text-sm text-text';

/** The workspaces of a person in several: a switcher; else the workspace's name and ID. */
function WorkspaceSwitch({ signedIn }: { signedIn: SignedIn }) {
  const switchTo = useSwitchWorkspace();
  const { session } = signedIn;
  const workspace = useQuery(workspaceDetailQuery(session.workspaceId));
  const workspaces = signedIn.kind === 'person' ? signedIn.workspaces : [];
  if (workspaces.length > 1) {
    return (
      <label className="block space-y-1">
        <span className="text-xs text-muted">Workspace</span>
        <select
          className={selectClasses}
          value={session.workspaceId}
          onChange={(event) =>
            void switchTo({ baseUrl: session.baseUrl, workspaceId: event.target.value })
          }
        >
          {workspaces.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {`${choice.name.trim() || choice.id} (${roleLabels[choice.role].toLowerCase()})`}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <p className="text-xs text-muted">
      Workspace
      <span className="mt-0.5 block truncate font-medium text-text" title={session.workspaceId}>
        {workspace.data?.name.trim() || session.workspaceId}
      </span>
    </p>
  );
}

/**
 * Who the tab is signed in as, with their role, in which workspace (a switcher when they belong to
 * several), and the ways out: this device, or every device of theirs.
 */
export function SignedInPanel({ signedIn }: { signedIn: SignedIn }) {
  const signOut = useSignOut();
  const person = signedIn.kind === 'person';
  return (
    <div className="space-y-3">
      <WorkspaceSwitch signedIn={signedIn} />
      <div id="signed-in-as" className="space-y-1 text-xs text-muted">
        <p>Signed in as</p>
        <p className="flex min-w-0 items-center gap-2">
          <span
            className="min-w-0 truncate font-medium text-text"
            title={person ? signedIn.email : undefined}
          >
            {person ? signedIn.email : 'the workspace token'}
          </span>
          {signedIn.role ? <Badge tone="accent">{roleLabels[signedIn.role]}</Badge> : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="flex-1"
          aria-describedby="signed-in-as"
          onClick={() => void signOut()}
        >
          Sign out
        </Button>
        {person ? (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="flex-1">
                Sign out everywhere
              </Button>
            }
            endpoint={revokeSessions}
            title="Sign out everywhere?"
            description="Every browser signed in as you is signed out, this one too."
            confirmLabel="Sign out everywhere"
            onConfirm={() => signOut({ everywhere: true })}
          >
            <p>Use it for a lost or shared device; Your sessions ends one session at a time.</p>
          </ConfirmDialog>
        ) : null}
      </div>
    </div>
  );
}
