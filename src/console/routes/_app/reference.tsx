import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PageHeading } from '../../components/page-heading';
import { referenceSearchSchema } from '../../features/reference/reference-search';
import { ReferencePage } from '../../features/reference/reference-page';
import type { KeyChoice } from '../../features/reference/try-it';
import { apiKeyCredentials } from '../../features/workspace/key-credentials';
import { workspaceQueries } from '../../features/workspace/queries';

export const Route = createFileRoute('/_app/reference')({
  validateSearch: referenceSearchSchema,
  codeSplitGroupings: [['loader', 'component']],
  component: ReferenceRoute,
});

function ReferenceRoute() {
  const session = Route.useRouteContext({ select: (context) => context.session });
  const { workspaceId } = session;
  const search = Route.useSearch();
  const queryClient = useQueryClient();
  const workspace = useQuery(workspaceQueries.detail(workspaceId));
  const keyChoice = useMemo<KeyChoice>(
    () => ({
      keys: Object.values(workspace.data?.apiKeyList ?? {}).map((key) => ({
        id: key.id,
        label: `${key.apiKeyName} (${key.id})`,
      })),
      credentials: (apiKeyId) => apiKeyCredentials(queryClient, session, apiKeyId),
    }),
    [workspace.data, queryClient, session],
  );
  return (
    <div className="space-y-6">
      <PageHeading title="API reference">
        Every endpoint of the service, from the contract the service and this console share: what it
        takes, with each field’s rules, what it answers, its errors, and a form to try it.
      </PageHeading>
      <ReferencePage search={search} keyChoice={keyChoice} />
    </div>
  );
}
