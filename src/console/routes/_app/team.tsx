import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/page-heading';
import { TeamPage } from '../../features/team/team-page';

export const Route = createFileRoute('/_app/team')({
  codeSplitGroupings: [['loader', 'component']],
  component: TeamRoute,
});

function TeamRoute() {
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  return (
    <div className="space-y-6">
      <PageHeading title="Team">
        The people who may sign in to this workspace, each with a role: owner, admin or viewer.
      </PageHeading>
      <TeamPage workspaceId={workspaceId} />
    </div>
  );
}
