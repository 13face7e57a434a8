import type { z } from 'zod';
import type {
  addUserGroupsRequest,
  addUsersToGroupsRequest,
  deleteUsersFromGroupsRequest,
} from '#contract/organizations';
import { lockOrganization } from '../../rows/organization-store';
import type { Tx } from '../../db/transaction';
import { failed, resultMap, succeeded } from '../../http/item-results';
import { unknownOrganization, unknownUserGroup } from '../../http/unknown-ids';
import type { Services } from '../../services';
import {
  deleteAllGroupMembers,
  deleteGroupMembers,
  insertGroupMembers,
  insertUserGroups,
  lockOrganizationUsers,
  lockUserGroup,
} from './user-groups-store';

type AddGroupsInput = z.output<typeof addUserGroupsRequest>;
type AddMembersInput = z.output<typeof addUsersToGroupsRequest>;
type DeleteMembersInput = z.output<typeof deleteUsersFromGroupsRequest>;

export const userAddedToGroupMessage = 'User added to organization user group.';
export const userDeletedFromGroupMessage = 'User deleted from organization user group.';

/** One user's line in the answers of Add Users to Groups and Delete Users from Groups. */
interface MembershipResult {
  success: boolean;
  organizationUserGroupId: string;
  message: string;
}

/** Locks the organization against a concurrent deletion; refused when it does not exist. */
async function requireOrganization(tx: Tx, apiKeyId: string, organizationId: string) {
  if (!(await lockOrganization(tx, apiKeyId, organizationId))) {
    throw unknownOrganization(organizationId);
  }
}

/** The organization and the group, locked; refused naming the first that does not exist. */
async function requireGroup(tx: Tx, apiKeyId: string, organizationId: string, groupId: string) {
  await requireOrganization(tx, apiKeyId, organizationId);
  if (!(await lockUserGroup(tx, apiKeyId, organizationId, groupId))) {
    throw unknownUserGroup(organizationId, groupId);
  }
}

/**
 * Adds user groups to an existing organization. A group whose id exists already is reported as
 * failed and keeps its name; the others are added together.
 */
export async function addUserGroups(s: Services, apiKeyId: string, input: AddGroupsInput) {
  const { organizationId } = input;
  const now = s.clock();
  const added = await s.db.transaction(async (tx) => {
    await requireOrganization(tx, apiKeyId, organizationId);
    return insertUserGroups(tx, apiKeyId, organizationId, input.organizationUserGroups, now);
  });
  return resultMap(
    input.organizationUserGroups,
    (g) => g.groupId,
    (_g, groupId) =>
      added.has(groupId)
        ? succeeded(groupId, 'User group added.')
        : failed(groupId, `User group ${groupId} already exists.`),
  );
}

/**
 * Adds users of the organization to one of its groups. A user who is not a user of the
 * organization is reported as failed; adding a member again succeeds and changes nothing.
 */
export async function addUsersToGroup(s: Services, apiKeyId: string, input: AddMembersInput) {
  const { organizationId, organizationUserGroupId: groupId } = input;
  const now = s.clock();
  const userIds = [...new Set(input.userIds)];
  const known = await s.db.transaction(async (tx) => {
    await requireGroup(tx, apiKeyId, organizationId, groupId);
    const users = await lockOrganizationUsers(tx, apiKeyId, organizationId, userIds);
    const members = userIds.filter((u) => users.has(u)).map((userId) => ({ groupId, userId }));
    await insertGroupMembers(tx, apiKeyId, organizationId, members, now);
    return users;
  });
  return resultMap(
    userIds,
    (u) => u,
    (userId): MembershipResult =>
      known.has(userId)
        ? { success: true, organizationUserGroupId: groupId, message: userAddedToGroupMessage }
        : {
            success: false,
            organizationUserGroupId: groupId,
            message: `User ${userId} is not in organization ${organizationId}.`,
          },
  );
}

/**
 * Removes users from a group: the ones named (a user outside the organization or outside the
 * group is reported as failed), or with deleteAll every member, one line per removed member (an
 * empty group answers an empty map).
 */
export async function deleteUsersFromGroup(
  s: Services,
  apiKeyId: string,
  input: DeleteMembersInput,
) {
  const { organizationId, organizationUserGroupId: groupId } = input;
  const deleted = (): MembershipResult => ({
    success: true,
    organizationUserGroupId: groupId,
    message: userDeletedFromGroupMessage,
  });
  const requested = input.userIds;
  if (requested === undefined) {
    const removed = await s.db.transaction(async (tx) => {
      await requireGroup(tx, apiKeyId, organizationId, groupId);
      return deleteAllGroupMembers(tx, apiKeyId, organizationId, groupId);
    });
    return resultMap(removed, (u) => u, deleted);
  }
  const userIds = [...new Set(requested)];
  const { users, removed } = await s.db.transaction(async (tx) => {
    await requireGroup(tx, apiKeyId, organizationId, groupId);
    return {
      users: await lockOrganizationUsers(tx, apiKeyId, organizationId, userIds),
      removed: await deleteGroupMembers(tx, apiKeyId, organizationId, groupId, userIds),
    };
  });
  return resultMap(
    userIds,
    (u) => u,
    (userId): MembershipResult => {
      if (removed.has(userId)) return deleted();
      const message = users.has(userId)
        ? `User ${userId} is not in the user group ${groupId}.`
        : `User ${userId} is not in organization ${organizationId}.`;
      return { success: false, organizationUserGroupId: groupId, message };
    },
  );
}
