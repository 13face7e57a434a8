import { z } from 'zod';
import {
  itemList,
  itemResult,
  itemResultMap,
  itemResultWithId,
  pageSize,
  pageTokenSchema,
  nameSchema,
  uniqueBy,
} from './common';
import { id, idRef, idRefList } from './ids';
import { endpoint } from './endpoint';

/** The specification leaves organization records open; DESIGN.md fixes these fields. */
export const organizationSchema = z.object({
  id: z.string(),
  /** The same as `id`, under the name the hosted product's OpenAPI gives it (required there). */
  organizationId: z.string(),
  organizationName: z.string(),
  disabled: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const MAX_NAME_LENGTH = 200;

const name = nameSchema(MAX_NAME_LENGTH);

export const addOrganizationsRequest = z.object({
  organizations: itemList(z.object({ organizationId: id(), organizationName: name })).superRefine(
    uniqueBy((o) => o.organizationId),
  ),
});
export type AddOrganizationsRequest = z.input<typeof addOrganizationsRequest>;

/** Get Organizations' bound on `organizationIds` (DESIGN.md). */
export const MAX_ORGANIZATION_FILTER_IDS = 30;

export const getOrganizationsRequest = z
  .object({
    organizationIds: idRefList(MAX_ORGANIZATION_FILTER_IDS).optional(),
    pageSize: pageSize().optional(),
    pageToken: pageTokenSchema().optional(),
  })
  .prefault({});

export const deleteOrganizationsRequest = z.object({ organizationIds: idRefList() });

export const addUserGroupsRequest = z.object({
  organizationId: idRef(),
  organizationUserGroups: itemList(z.object({ groupId: id(), groupName: name })).superRefine(
    uniqueBy((g) => g.groupId),
  ),
});
export type AddUserGroupsRequest = z.input<typeof addUserGroupsRequest>;

export const addUsersToGroupsRequest = z.object({
  organizationId: idRef(),
  organizationUserGroupId: idRef(),
  userIds: idRefList(),
});
export type AddUsersToGroupsRequest = z.input<typeof addUsersToGroupsRequest>;

/**
 * The specification lists all four fields as required, yet its samples send either `userIds` or
 * `deleteAll: true`; requiring exactly one keeps a stray `deleteAll` from emptying a group.
 */
export const deleteUsersFromGroupsRequest = z
  .object({
    organizationId: idRef(),
    organizationUserGroupId: idRef(),
    userIds: idRefList().optional(),
    deleteAll: z.boolean().optional(),
  })
  .refine((v) => !(v.userIds !== undefined && v.deleteAll === true), {
    error: 'Send either userIds or deleteAll: true, not both.',
  })
  .refine((v) => v.userIds !== undefined || v.deleteAll === true, {
    error:
      'Send userIds to delete specific users, or deleteAll: true to delete every user of the group.',
  });
export type DeleteUsersFromGroupsRequest = z.input<typeof deleteUsersFromGroupsRequest>;

const groupMembershipResult = itemResult.extend({ organizationUserGroupId: z.string() });

export const addOrganizations = endpoint({
  name: 'Add Organizations',
  path: '/v2/organizations/add',
  write: true,
  auth: 'apiKey',
  area: 'organizations',
  envelope: 'A',
  extension: true,
  request: addOrganizationsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});

export const getOrganizations = endpoint({
  name: 'Get Organizations',
  path: '/v2/organizations/get',
  auth: 'apiKey',
  area: 'organizations',
  envelope: 'A',
  extension: true,
  request: getOrganizationsRequest,
  data: z.array(organizationSchema),
  pageField: 'nextPageToken',
  pageTokenOmittedAtEnd: true,
  errors: ['INVALID_ARGUMENT'],
});

export const deleteOrganizations = endpoint({
  name: 'Delete Organizations',
  path: '/v1/organizations/delete',
  alsoAt: '/v2/organizations/delete',
  write: true,
  auth: 'apiKey',
  area: 'organizations',
  envelope: 'A',
  request: deleteOrganizationsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});

export const addUserGroups = endpoint({
  name: 'Add User Groups',
  path: '/v2/organizations/usergroups/add',
  write: true,
  auth: 'apiKey',
  area: 'organizations',
  envelope: 'A',
  extension: true,
  request: addUserGroupsRequest,
  data: itemResultMap(itemResultWithId),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const addUsersToGroups = endpoint({
  name: 'Add Users to Groups',
  path: '/v2/organizations/usergroups/users/add',
  write: true,
  auth: 'apiKey',
  area: 'organizations',
  envelope: 'A',
  request: addUsersToGroupsRequest,
  data: itemResultMap(groupMembershipResult),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const deleteUsersFromGroups = endpoint({
  name: 'Delete Users from Groups',
  path: '/v1/organizations/usergroups/users/delete',
  alsoAt: '/v2/organizations/usergroups/users/delete',
  write: true,
  auth: 'apiKey',
  area: 'organizations',
  envelope: 'A',
  request: deleteUsersFromGroupsRequest,
  data: itemResultMap(groupMembershipResult),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});
