import type { QueryClient } from '@tanstack/react-query';
import { LazyNotFound } from '#console/components/lazy-not-found';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { CenteredPage } from '../components/centered-page';
import { Toaster } from '../components/toaster';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
});

function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function RootNotFound() {
  return (
    <CenteredPage>
      <LazyNotFound />
    </CenteredPage>
  );
}
