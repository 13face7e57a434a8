import { LazyNotFound } from '#console/components/lazy-not-found';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '../components/app-shell';
import { getSession, signedInWithToken } from '../lib/session';

/**
 * Every page behind sign-in. A tab signed in with the workspace token has it; any other asks the
 * service whether the browser holds a person's session (a new tab, a bookmark). Without one it
 * sends the user to sign in and back; with several workspaces and none chosen, to choose one.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location, context }) => {
    const stored = getSession();
    if (stored && signedInWithToken(stored)) return { session: stored };
    // Loaded here, not imported: the sign-in page's first load carries this route's options.
    const { resumeSession } = await import('../lib/resume-session');
    return { session: await resumeSession(context.queryClient, stored, location.href) };
  },
  component: AppLayout,
  notFoundComponent: LazyNotFound,
});

function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
