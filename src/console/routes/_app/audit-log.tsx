import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/page-heading';
import { auditLogSearchSchema } from '../../features/audit-log/audit-log-search';
import { AuditLogPage } from '../../features/audit-log/audit-log-page';

export const Route = createFileRoute('/_app/audit-log')({
  validateSearch: auditLogSearchSchema,
  codeSplitGroupings: [['loader', 'component']],
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  const search = Route.useSearch();
  return (
    <div className="space-y-6">
      <PageHeading title="Audit log">
        Every change made to this workspace, newest first: who made it, from where, what it touched
        and each setting from → to, secrets masked. Filter by API key, action, person and time.
      </PageHeading>
      <AuditLogPage workspaceId={workspaceId} search={search} />
    </div>
  );
}
