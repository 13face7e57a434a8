import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { FilterInput } from '../../components/data-table/filter-input';
import { OrderFilter } from '../../components/data-table/order-filter';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { OrganizationPicker } from '../../components/organization-picker';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { useListSearch } from '../../lib/use-list-search';
import type { ActivitiesSearch } from './activities-search';
import { activityColumns } from './activity-columns';
import { editActivityAction } from './edit-activity-form';
import { activitiesRequest, activityQueries } from './queries';
import { NoMatches } from '../../components/no-matches';
import { OrganizationScope } from '../../components/organization-scope';

interface ActivitiesPageProps {
  apiKey: ApiKeyCredentials;
  search: ActivitiesSearch;
}

export function ActivitiesPage({ apiKey, search }: ActivitiesPageProps) {
  const list = useListSearch(search);
  return (
    <OrganizationScope
      apiKey={apiKey}
      chosen={search.organization}
      needs="Activity logs belong to an organization."
      locate={{
        named: { documentId: search.document },
        onLocated: (organization) =>
          list.set(organization ? { organization } : { document: undefined }),
      }}
    >
      {(organizationId) => (
        <OrganizationActivities apiKey={apiKey} search={search} organizationId={organizationId} />
      )}
    </OrganizationScope>
  );
}

function OrganizationActivities({
  apiKey,
  search,
  organizationId,
}: ActivitiesPageProps & { organizationId: string }) {
  const list = useListSearch(search);
  const { request, problems } = activitiesRequest(organizationId, search);
  const activities = useInfiniteQuery({
    ...activityQueries.list(apiKey, request),
    enabled: problems.length === 0,
  });
  const rows = useMemo(() => pagedItems(activities.data), [activities.data]);
  const filtered = [search.document, search.features, search.actions, search.user].some(Boolean);
  const clear = { document: undefined, features: undefined, actions: undefined, user: undefined };
  return (
    <Card className="space-y-4">
      {/* A grid, not a wrapping row: four filters of flexible width would squeeze to nothing on a phone. */}
      <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <OrganizationPicker
          apiKey={apiKey}
          value={organizationId}
          onChange={(organization) => list.set({ organization, ...clear })}
        />
        <FilterInput
          label="Document ID"
          value={search.document}
          onChange={(document) => list.set({ document })}
        />
        <FilterInput
          label="Feature types"
          placeholder="comment, reaction"
          value={search.features}
          onChange={(features) => list.set({ features })}
        />
        <FilterInput
          label="Action types"
          placeholder="comment.add, approved"
          value={search.actions}
          onChange={(actions) => list.set({ actions })}
        />
        <FilterInput label="User ID" value={search.user} onChange={(user) => list.set({ user })} />
        <OrderFilter value={search.order} onChange={(order) => list.set({ order })} />
      </div>
      <p className="text-xs text-muted">Several types are separated by commas (up to 30 each).</p>
      {problems.map((problem) => (
        <FormAlert key={problem} message={problem} />
      ))}
      <DataTable
        label="Activity logs"
        columns={activityColumns}
        rows={problems.length === 0 ? rows : []}
        rowKey={(activity) => activity.id}
        actions={{ header: 'Actions', items: [editActivityAction(apiKey, organizationId)] }}
        status={tableStatus(activities)}
        empty={
          filtered ? (
            <NoMatches noun="activity" onClear={() => list.set(clear)} />
          ) : (
            <EmptyState
              title="No activities in this organization yet"
              action={
                <Link
                  to="/keys/$apiKeyId/documents"
                  params={{ apiKeyId: apiKey.id }}
                  search={{ organization: organizationId }}
                  className="font-medium text-accent underline-offset-2 hover:underline"
                >
                  Open its documents
                </Link>
              }
            >
              Comments, reactions, recordings, migrations and erasures record activities, as do
              clients through Add Activity Logs.
            </EmptyState>
          )
        }
        noun={['activity', 'activities']}
        minWidth="52rem"
      />
    </Card>
  );
}
