import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from './api-error';
import { currentSessionQuery } from './current-session';
import { earlyCurrentSession } from './early-session';
import { rememberedServer } from './remembered-server';
import { personWorkspace, type Session, setSession } from './session';

/** The guard reads the person from the cache for this long; the shell refreshes it meanwhile. */
const guardStaleMs = 5 * 60_000;

/**
 * A tab without a workspace token asks the service who is signed in with the browser's session
 * cookie (Get Current Session), so that a new tab or a bookmark needs no sign-in of its own. It
 * shows the workspace it showed before, else the one opened last on this device, else the person's
 * only one. Nobody signed in (or a server without sessions) is sent to sign in, and back to
 * `wanted` after; a workspace the person no longer belongs to, or several to choose from, to the
 * chooser.
 */
export async function resumeSession(
  queryClient: QueryClient,
  stored: Session | null,
  wanted: string,
): Promise<Session> {
  const baseUrl = stored?.baseUrl ?? rememberedServer();
  let person;
  try {
    const early = earlyCurrentSession(baseUrl);
    person = await queryClient.query({
      ...currentSessionQuery(baseUrl),
      ...(early ? { queryFn: early } : {}),
      staleTime: guardStaleMs,
    });
  } catch (error) {
    // No session, or a server without sessions (an older one, which does not know the path).
    if (isApiError(error) && (error.status === 'UNAUTHENTICATED' || error.httpStatus === 404)) {
      throw redirect({ to: '/sign-in', search: { redirect: wanted } });
    }
    throw error;
  }
  const { workspaces } = person;
  const last = stored?.workspaceId ?? personWorkspace();
  const found = workspaces.find((workspace) => workspace.id === last);
  const workspace = found ?? (stored || workspaces.length !== 1 ? undefined : workspaces[0]);
  if (!workspace) throw redirect({ to: '/sign-in', search: { redirect: wanted, choose: true } });
  if (stored?.workspaceId === workspace.id) return stored;
  const session = { baseUrl, workspaceId: workspace.id };
  setSession(session);
  return session;
}
