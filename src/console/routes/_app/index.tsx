import { createFileRoute } from '@tanstack/react-router';
import { workspaceQueries } from '../../features/workspace/queries';
import { WorkspaceOverview } from '../../features/workspace/workspace-overview';
import { WorkspaceOverviewError } from '../../features/workspace/workspace-overview-error';
import { WorkspaceOverviewPending } from '../../features/workspace/workspace-overview-pending';

export const Route = createFileRoute('/_app/')({
  // `staleTime: 'static'` is what ensureQueryData (deprecated in this React Query) did: cached data
  // is used at once, and the page refreshes it in the background when it is stale.
  loader: ({ context }) =>
    context.queryClient.query({
      ...workspaceQueries.detail(context.session.workspaceId),
      staleTime: 'static',
    }),
  // The pending state loads with the page too, not with the console's first load.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent']],
  component: OverviewRoute,
  pendingComponent: WorkspaceOverviewPending,
  errorComponent: WorkspaceOverviewError,
});

function OverviewRoute() {
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  return <WorkspaceOverview workspaceId={workspaceId} />;
}
