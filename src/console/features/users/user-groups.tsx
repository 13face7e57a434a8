import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { UserGroup } from '#contract/users';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { FormDialog } from '../../components/form-dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { AddGroupsForm } from './add-groups-form';
import { groupColumns } from './group-columns';
import { userQueries } from './queries';
import { addUserGroups } from '#contract/organizations';

interface UserGroupsProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  /** The group whose members are shown, if one is. */
  chosen: string | undefined;
  onChoose: (group: UserGroup) => void;
}

/**
 * The organization's groups with their member counts (Get User Groups), page by page as the list
 * scrolls; choosing one shows its members. Adding groups starts here.
 */
export function UserGroups({ apiKey, organizationId, chosen, onChoose }: UserGroupsProps) {
  const groups = useInfiniteQuery(userQueries.groups(apiKey, organizationId));
  const rows = useMemo(() => pagedItems(groups.data), [groups.data]);
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Groups</h2>
          <p className="text-sm text-muted">
            The groups of {organizationId}: choose one to see its members below.
          </p>
        </div>
        <FormDialog
          label="Add groups"
          endpoint={addUserGroups}
          variant="secondary"
          title="Add user groups"
          description={`Groups of ${organizationId}; an ID it has is refused, the others are added.`}
        >
          {(close) => (
            <AddGroupsForm apiKey={apiKey} organizationId={organizationId} onClose={close} />
          )}
        </FormDialog>
      </div>
      <DataTable
        label="Groups"
        columns={groupColumns}
        rows={rows}
        rowKey={(group) => group.groupId}
        onOpen={onChoose}
        currentKey={chosen}
        status={tableStatus(groups)}
        empty={
          <EmptyState title="No groups in this organization yet">
            Groups gather users of the organization; add one, then put users in it.
          </EmptyState>
        }
        noun={['group', 'groups']}
        minWidth="16rem"
      />
    </Card>
  );
}
