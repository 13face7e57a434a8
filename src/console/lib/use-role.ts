import { useQuery } from '@tanstack/react-query';
import type { Role } from '#contract/roles';
import type { MemberWorkspace } from '#contract/workspace-access';
import { currentSessionQuery } from './current-session';
import { type Session, signedInWithToken, useSession } from './session';

/** Who the tab is signed in as: the workspace token (the owner), or a person in a workspace. */
export type SignedIn =
  | { kind: 'token'; session: Session; role: 'owner' }
  | {
      kind: 'person';
      session: Session;
      email: string;
      /** Their role in the tab's workspace; undefined once they no longer belong to it. */
      role: Role | undefined;
      workspaces: readonly MemberWorkspace[];
    };

/**
 * The signed-in person and their role in the tab's workspace, read from Get Current Session (which
 * the pages' guard has cached) and kept fresh like any read; undefined while nobody is signed in.
 */
export function useSignedIn(): SignedIn | undefined {
  const session = useSession();
  const withToken = session !== null && signedInWithToken(session);
  const person = useQuery({
    ...currentSessionQuery(session?.baseUrl ?? ''),
    enabled: session !== null && !withToken,
  });
  if (!session) return undefined;
  if (withToken) return { kind: 'token', session, role: 'owner' };
  if (!person.data) return undefined;
  const { email, workspaces } = person.data;
  const role = workspaces.find((workspace) => workspace.id === session.workspaceId)?.role;
  return { kind: 'person', session, email, role, workspaces };
}

/** The role the tab acts with: the person's in its workspace, or the owner's for a token. */
export function useRole(): Role | undefined {
  return useSignedIn()?.role;
}
