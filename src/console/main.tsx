import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouteError } from './components/route-error';
import { toast } from './lib/notifications';
import { createQueryClient } from './lib/query-client';
import { clearSession, getSession, updateSession } from './lib/session';
import { routeTree } from './route-tree.gen';
import './styles.css';

const queryClient = createQueryClient({
  onUnauthenticated: () => {
    // Several queries can fail at once; the first one signs out, the others find no session.
    if (!getSession()) return;
    // The page being opened, which is not yet the current one when its loader was refused.
    const wanted = router.latestLocation;
    const back = wanted.pathname === '/sign-in' ? undefined : wanted.href;
    clearSession();
    toast({
      tone: 'info',
      title: 'Please sign in again',
      message: 'The service no longer accepts the credentials of this session.',
    });
    void router
      .navigate({ to: '/sign-in', search: { redirect: back } })
      .then(() => queryClient.clear());
  },
  onApiKeyRefused: () => {
    if (!getSession()?.apiKey) return;
    // The workspace session still stands; only the key has to be chosen again.
    updateSession({ apiKey: undefined, apiKeyToken: undefined });
    queryClient.removeQueries({ predicate: (query) => query.queryKey.includes('auth-tokens') });
    toast({
      tone: 'info',
      title: 'Choose the API key again',
      message: 'The service no longer accepts the auth token this console had for the key.',
    });
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // React Query decides freshness; the router should always ask it.
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 300,
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
