import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/page-heading';
import { StatusPage } from '../../features/status/status-page';

export const Route = createFileRoute('/_app/status')({
  codeSplitGroupings: [['loader', 'component']],
  component: StatusRoute,
});

function StatusRoute() {
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  return (
    <div className="space-y-6">
      <PageHeading title="Status">
        This workspace’s background work and webhook deliveries: what waits and for how long,
        deliveries per minute, and the endpoints that are not delivering.
      </PageHeading>
      <StatusPage workspaceId={workspaceId} />
    </div>
  );
}
