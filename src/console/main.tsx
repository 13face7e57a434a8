// First: it configures zod before any module builds a schema (see there).
import { clearSession, forgetPerson, getSession, personWorkspace } from './lib/session';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouteError } from './components/route-error';
import { createQueryClient } from './lib/query-client';
import { toast } from './lib/toaster';
import { routeTree } from './route-tree.gen';
import './styles.css';

const queryClient = createQueryClient({
  onUnauthenticated: (error) => {
    // Several queries can fail at once; the first one signs out, the others find nobody signed
    // in. Nobody signed in on this device at all is simply shown the sign-in page.
    if (!getSession() && personWorkspace() === null) return;
    // The page being opened, which is not yet the current one when its loader was refused.
    const wanted = router.latestLocation;
    const back = wanted.pathname === '/sign-in' ? undefined : wanted.href;
    clearSession();
    forgetPerson();
    // The service's own words: `Session expired. Sign in again.`, a revoked session, a reset token.
    toast({ tone: 'info', title: 'Please sign in again', message: error.message });
    void router
      .navigate({ to: '/sign-in', search: { redirect: back } })
      .then(() => queryClient.clear());
  },
  onApiKeyRefused: (apiKeyId) => {
    const session = getSession();
    if (!session) return;
    // The workspace session still stands and may read the key's current token (reset elsewhere);
    // the key's pages then load again with it. A refused save is shown where it happened.
    void import('./features/workspace/renew-key-token')
      .then(({ renewKeyToken }) => renewKeyToken(queryClient, session.workspaceId, apiKeyId))
      .then(async (renewed) => {
        if (!renewed) return;
        toast({
          tone: 'info',
          title: 'The key’s auth token was replaced',
          message: `Someone reset the auth token of ${apiKeyId}. The console now uses the new one; try again what was refused.`,
        });
        await router.invalidate();
      })
      // A refused workspace session is the policy's (sign in again); nothing more to do here.
      .catch(() => undefined);
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // React Query decides freshness; the router should always ask it.
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 300,
  // A page for another key or endpoint is another page: its forms start from that item's saved
  // values. Kept mounted, a changed form carried the last item's values over to the next one, and
  // saved them there. Filters and sorting (the search) change in place.
  defaultRemountDeps: ({ params }) => params,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
