import { z } from 'zod';
import {
  emailSchema,
  epochMs,
  itemList,
  itemResultMap,
  itemResultWithId,
  nameSchema,
  pageSize,
  pageTokenSchema,
  storedUserSchema,
  uniqueBy,
} from './common';
import { id, idRef, idRefList } from './ids';
import { endpoint } from './endpoint';

/** The specification's bound on each of the two id filters of Get Users. */
export const MAX_USER_FILTER_IDS = 30;
export const MAX_USER_NAME_LENGTH = 200;

const filterIds = z
  .array(idRef())
  .min(1, 'must not be empty when given')
  .max(MAX_USER_FILTER_IDS, `must have at most ${MAX_USER_FILTER_IDS} items`);

export const getUsersRequest = z
  .object({
    organizationId: idRef(),
    documentId: idRef().optional(),
    folderId: idRef().optional(),
    userIds: filterIds.optional(),
    organizationUserGroupIds: filterIds.optional(),
    allDocuments: z.boolean().optional(),
    groupByDocumentId: z.boolean().optional(),
    // The default of 1000 is applied by the service, so a form need not send it.
    pageSize: pageSize().optional(),
    pageToken: pageTokenSchema().optional(),
  })
  .refine((v) => v.documentId === undefined || v.folderId === undefined, {
    error: 'cannot be combined with documentId; provide either documentId or folderId',
    path: ['folderId'],
  })
  // allDocuments already names its documents: every one of the organization.
  .refine(
    (v) => v.allDocuments !== true || (v.documentId === undefined && v.folderId === undefined),
    {
      error: 'cannot be combined with documentId or folderId: it lists the users of every document',
      path: ['allDocuments'],
    },
  )
  .refine((v) => v.groupByDocumentId !== true || v.allDocuments === true, {
    error: 'works only together with allDocuments: true',
    path: ['groupByDocumentId'],
  });
export type GetUsersRequest = z.input<typeof getUsersRequest>;

/** An array of users, or with allDocuments and groupByDocumentId a map documentId → users. */
export const usersResultSchema = z.union([
  z.array(storedUserSchema),
  z.record(z.string(), z.array(storedUserSchema)),
]);
export type UsersResult = z.infer<typeof usersResultSchema>;

export const newUserSchema = z.object({
  userId: id(),
  name: nameSchema(MAX_USER_NAME_LENGTH),
  email: emailSchema,
});

export const addUsersRequest = z
  .object({
    // The organization and the document or folder must exist (NOT_FOUND otherwise).
    organizationId: idRef(),
    documentId: idRef().optional(),
    folderId: idRef().optional(),
    users: itemList(newUserSchema).superRefine(uniqueBy((u) => u.userId)),
  })
  .refine((v) => v.documentId === undefined || v.folderId === undefined, {
    error: 'cannot be combined with documentId; add the users to a document or to a folder',
    path: ['folderId'],
  });
export type AddUsersRequest = z.input<typeof addUsersRequest>;

export const getUserGroupsRequest = z.object({
  organizationId: idRef(),
  /** Only these groups (ids it does not have are left out); as many as Get Users' group filter. */
  groupIds: idRefList(MAX_USER_FILTER_IDS).optional(),
  // The default, DEFAULT_USER_GROUPS_PAGE, is applied by the service.
  pageSize: pageSize().optional(),
  pageToken: pageTokenSchema().optional(),
});
export type GetUserGroupsRequest = z.input<typeof getUserGroupsRequest>;

/** Get User Groups' page size when the caller gives none, as Get Organizations'. */
export const DEFAULT_USER_GROUPS_PAGE = 1000;

/** A group as Get User Groups lists it: Add User Groups' fields, and how many members it has. */
export const userGroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  memberCount: z.number().int().min(0),
  /** Epoch milliseconds, as the other organization data's timestamps. */
  createdAt: epochMs,
});
export type UserGroup = z.infer<typeof userGroupSchema>;

export const getUsers = endpoint({
  name: 'Get Users',
  path: '/v2/users/get',
  auth: 'apiKey',
  area: 'users',
  envelope: 'A',
  request: getUsersRequest,
  data: usersResultSchema,
  pageField: 'nextPageToken',
  pageTokenOmittedAtEnd: true,
  errors: ['INVALID_ARGUMENT', 'INTERNAL'],
  organizationMustExist: true,
});

export const addUsers = endpoint({
  name: 'Add Users',
  path: '/v2/users/add',
  write: true,
  auth: 'apiKey',
  area: 'users',
  envelope: 'A',
  extension: true,
  request: addUsersRequest,
  data: itemResultMap(itemResultWithId),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

/**
 * The hosted product can add groups but not list them; an admin browsing an organization needs
 * to, so this extension pages them in id order with their member counts.
 */
export const getUserGroups = endpoint({
  name: 'Get User Groups',
  path: '/v2/organizations/usergroups/get',
  auth: 'apiKey',
  area: 'users',
  envelope: 'A',
  extension: true,
  request: getUserGroupsRequest,
  data: z.array(userGroupSchema),
  pageField: 'nextPageToken',
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});
