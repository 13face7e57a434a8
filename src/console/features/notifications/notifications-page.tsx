import { useInfiniteQuery } from '@tanstack/react-query';

import { useMemo } from 'react';
import { MAX_NOTIFICATION_FILTER_IDS } from '#contract/notifications';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { FilterInput } from '../../components/data-table/filter-input';
import { IdListFilter } from '../../components/data-table/id-list-filter';
import { OrderFilter } from '../../components/data-table/order-filter';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { OrganizationPicker } from '../../components/organization-picker';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { useListSearch } from '../../lib/use-list-search';
import { AddNotificationForm } from './add-notification-form';
import { DeleteNotificationsForm, deleteNotificationAction } from './delete-notifications-form';
import { notificationColumns } from './notification-columns';
import type { NotificationsSearch } from './notifications-search';
import { notificationQueries, notificationsFilter } from './queries';
import { NoMatches } from '../../components/no-matches';
import { OrganizationScope } from '../../components/organization-scope';
import { addNotifications, deleteNotifications } from '#contract/notifications';

interface NotificationsPageProps {
  apiKey: ApiKeyCredentials;
  search: NotificationsSearch;
}

export function NotificationsPage({ apiKey, search }: NotificationsPageProps) {
  const list = useListSearch(search);
  return (
    <OrganizationScope
      apiKey={apiKey}
      chosen={search.organization}
      needs="Notifications belong to an organization."
      locate={{
        named: { documentId: search.document },
        onLocated: (organization) =>
          list.set(organization ? { organization } : { document: undefined }),
      }}
    >
      {(organizationId) => (
        <OrganizationNotifications
          apiKey={apiKey}
          search={search}
          organizationId={organizationId}
        />
      )}
    </OrganizationScope>
  );
}

function OrganizationNotifications({
  apiKey,
  search,
  organizationId,
}: NotificationsPageProps & { organizationId: string }) {
  const list = useListSearch(search);
  const { filter, problem } = notificationsFilter(organizationId, search);
  const notifications = useInfiniteQuery({
    ...notificationQueries.list(apiKey, filter, search.order ?? 'desc'),
    enabled: !problem,
  });
  const rows = useMemo(() => pagedItems(notifications.data), [notifications.data]);
  const filtered = [search.document, search.location, search.user, search.ids].some(Boolean);
  const clear = { document: undefined, location: undefined, user: undefined, ids: undefined };
  const addDialog = (
    <FormDialog
      label="Add notification"
      endpoint={addNotifications}
      title="Add a notification"
      description={`A notification in ${organizationId}, to everyone or to chosen users.`}
    >
      {(close) => (
        <AddNotificationForm
          apiKey={apiKey}
          organizationId={organizationId}
          documentId={search.document}
          onClose={close}
        />
      )}
    </FormDialog>
  );
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
          label="Location ID"
          value={search.location}
          onChange={(location) => list.set({ location })}
        />
        <FilterInput
          label="User ID (inbox)"
          value={search.user}
          onChange={(user) => list.set({ user })}
        />
        <IdListFilter
          label="Notification IDs"
          max={MAX_NOTIFICATION_FILTER_IDS}
          value={search.ids}
          onChange={(ids) => list.set({ ids })}
        />
        <OrderFilter value={search.order} onChange={(order) => list.set({ order })} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <FormDialog
          label="Delete notifications"
          endpoint={deleteNotifications}
          variant="secondary"
          title="Delete notifications"
          description={`Notifications of ${organizationId} chosen by document, location, user or ID; how many is counted before anything is deleted.`}
        >
          {(close) => (
            <DeleteNotificationsForm
              apiKey={apiKey}
              initial={{
                organizationId,
                documentId: search.document ?? '',
                locationId: search.location ?? '',
                userId: search.user ?? '',
                notificationIds: search.ids ?? '',
              }}
              onClose={close}
            />
          )}
        </FormDialog>
        {addDialog}
      </div>
      <FormAlert message={problem} />
      <DataTable
        label="Notifications"
        columns={notificationColumns}
        rows={problem ? [] : rows}
        rowKey={(notification) => notification.id}
        actions={{ header: 'Actions', items: [deleteNotificationAction(apiKey, organizationId)] }}
        status={tableStatus(notifications)}
        empty={
          filtered ? (
            <NoMatches noun="notification" onClear={() => list.set(clear)} />
          ) : (
            <EmptyState title="No notifications in this organization yet" action={addDialog} />
          )
        }
        noun={['notification', 'notifications']}
        minWidth="52rem"
        estimateRowHeight={57}
      />
    </Card>
  );
}
