import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/page-heading';
import { SessionsPage } from '../../features/sessions/sessions-page';

export const Route = createFileRoute('/_app/sessions')({
  codeSplitGroupings: [['loader', 'component']],
  component: SessionsRoute,
});

function SessionsRoute() {
  return (
    <div className="space-y-6">
      <PageHeading title="Your sessions">
        Every browser you are signed in with, in every workspace: a session lasts 7 days, and ends
        after 12 hours unused.
      </PageHeading>
      <SessionsPage />
    </div>
  );
}
