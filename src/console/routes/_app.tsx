import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/app-shell';
import { NotFound } from '../components/not-found';
import { getSession } from '../lib/session';

/** Every page behind sign-in; without a session it sends the user to sign in and back. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    const session = getSession();
    if (!session) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    return { session };
  },
  component: AppLayout,
  notFoundComponent: NotFound,
});

function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
