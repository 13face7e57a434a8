import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { addUsersToGroups, deleteUsersFromGroups } from '#contract/organizations';
import { addUsers, MAX_USER_FILTER_IDS } from '#contract/users';
import { useRowSelection } from '../../lib/use-row-selection';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { FilterInput } from '../../components/data-table/filter-input';
import { IdListFilter } from '../../components/data-table/id-list-filter';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { OrganizationPicker } from '../../components/organization-picker';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { useListSearch } from '../../lib/use-list-search';
import { AddUsersForm } from './add-users-form';
import { GroupMembershipForm } from './group-membership-form';
import { GroupPicker } from './group-picker';
import { userQueries, usersRequest } from './queries';
import { userColumns } from './user-columns';
import type { UsersSearch } from './users-search';
import { UserGroups } from './user-groups';
import { UsersByDocument } from './users-by-document';
import { NoMatches } from '../../components/no-matches';
import { OrganizationScope } from '../../components/organization-scope';

/** Into a group needs a selection; out of one may also empty the whole group. */
const membershipDialogs = [
  {
    mode: 'add',
    endpoint: addUsersToGroups,
    label: 'Add to group',
    title: 'Add the selected users to a group',
    description: 'The group must exist in this organization.',
  },
  {
    mode: 'remove',
    endpoint: deleteUsersFromGroups,
    label: 'Remove from group',
    title: 'Remove users from a group',
    description: 'The selected users, or every user of the group.',
  },
] as const;

interface UsersPageProps {
  apiKey: ApiKeyCredentials;
  search: UsersSearch;
}

export function UsersPage({ apiKey, search }: UsersPageProps) {
  const list = useListSearch(search);
  return (
    <OrganizationScope
      apiKey={apiKey}
      chosen={search.organization}
      needs="Users belong to an organization."
      locate={{
        named: { folderId: search.folder, documentId: search.document },
        onLocated: (organization) =>
          list.set(organization ? { organization } : { folder: undefined, document: undefined }),
      }}
    >
      {(organizationId) => (
        <div className="space-y-4">
          <UserGroups
            apiKey={apiKey}
            organizationId={organizationId}
            chosen={search.groups}
            onChoose={(group) => list.set({ groups: group.groupId, view: undefined })}
          />
          <OrganizationUsers apiKey={apiKey} search={search} organizationId={organizationId} />
        </div>
      )}
    </OrganizationScope>
  );
}

function OrganizationUsers({
  apiKey,
  search,
  organizationId,
}: UsersPageProps & { organizationId: string }) {
  const list = useListSearch(search);
  const { request, problems } = usersRequest(organizationId, search);
  const grouped = search.view === 'documents';
  const users = useInfiniteQuery({
    ...userQueries.list(apiKey, request),
    enabled: !grouped && problems.length === 0,
  });
  const rows = useMemo(() => pagedItems(users.data), [users.data]);
  const selection = useRowSelection();
  const columns = useMemo(() => userColumns(selection), [selection]);
  const chosen = rows.filter((user) => selection.has(user.userId)).map((user) => user.userId);
  const filtered = [search.document, search.folder, search.users, search.groups].some(Boolean);
  const clearFilters = () =>
    list.set({ document: undefined, folder: undefined, users: undefined, groups: undefined });
  // The group list's query: the filter picks from it, and names the group whose members show.
  const groups = useInfiniteQuery(userQueries.groups(apiKey, organizationId));
  const knownGroups = useMemo(() => pagedItems(groups.data), [groups.data]);
  const group = knownGroups.find((g) => g.groupId === search.groups);

  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">{group ? `Members of ${group.groupName}` : 'Users'}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <OrganizationPicker
          apiKey={apiKey}
          value={organizationId}
          onChange={(organization) =>
            list.set({ organization, document: undefined, folder: undefined, groups: undefined })
          }
        />
        <FilterInput
          label="Document ID"
          value={search.document}
          onChange={(document) => list.set({ document })}
        />
        <FilterInput
          label="Folder ID"
          value={search.folder}
          onChange={(folder) => list.set({ folder })}
        />
        <IdListFilter
          label="User IDs"
          max={MAX_USER_FILTER_IDS}
          value={search.users}
          onChange={(users) => list.set({ users })}
        />
        <GroupPicker
          value={search.groups}
          groups={knownGroups}
          onChange={(groupIds) => list.set({ groups: groupIds })}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={grouped}
            onChange={(event) => list.set({ view: event.target.checked ? 'documents' : undefined })}
          />
          Group by document (every document's users)
        </label>
        <div className="flex flex-wrap gap-2">
          {membershipDialogs.map((dialog) => (
            <FormDialog
              key={dialog.mode}
              label={dialog.label}
              endpoint={dialog.endpoint}
              variant="secondary"
              disabled={dialog.mode === 'add' && chosen.length === 0}
              title={dialog.title}
              description={dialog.description}
            >
              {(close) => (
                <GroupMembershipForm
                  apiKey={apiKey}
                  organizationId={organizationId}
                  userIds={chosen}
                  groupId={group?.groupId}
                  mode={dialog.mode}
                  onClose={close}
                />
              )}
            </FormDialog>
          ))}
          <FormDialog
            label="Add users"
            endpoint={addUsers}
            title="Add users"
            description={`Members of ${organizationId}; with a document or folder, also given access to it.`}
          >
            {(close) => (
              <AddUsersForm
                apiKey={apiKey}
                organizationId={organizationId}
                documentId={search.document}
                folderId={search.folder}
                onClose={close}
              />
            )}
          </FormDialog>
        </div>
      </div>
      {problems.map((problem) => (
        <FormAlert key={problem} message={problem} />
      ))}
      {grouped ? (
        problems.length === 0 ? (
          <UsersByDocument apiKey={apiKey} request={request} />
        ) : null
      ) : (
        <DataTable
          label="Users"
          columns={columns}
          rows={problems.length === 0 ? rows : []}
          rowKey={(user) => user.userId}
          status={tableStatus(users)}
          empty={
            filtered ? (
              <NoMatches noun="user" onClear={clearFilters} />
            ) : (
              <EmptyState title="No users in this organization yet" />
            )
          }
          recover={filtered ? { label: 'Clear filters', onClick: clearFilters } : undefined}
          noun={['user', 'users']}
          minWidth="40rem"
        />
      )}
    </Card>
  );
}
