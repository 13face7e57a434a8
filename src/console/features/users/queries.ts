import {
  type GetUsersRequest,
  MAX_USER_FILTER_IDS,
  getUserGroups,
  getUsers,
} from '#contract/users';
import type { User } from '#contract/common';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { idsFromText } from '../../lib/id-search';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';
import type { UsersSearch } from './users-search';

/** Users (or documents, grouped) per page; the list asks for more as it scrolls. */
export const USERS_PAGE = 100;

/** Groups per page of the group list (and the group filter's choices). */
export const GROUPS_PAGE = 100;

/** One document's users, in the grouped view. */
export interface DocumentUsers {
  documentId: string;
  users: User[];
}

/**
 * Get Users' request for the address's filters, or the rules the filters break (each list takes
 * at most MAX_USER_FILTER_IDS IDs; a document and a folder do not go together).
 */
export function usersRequest(
  organizationId: string,
  search: UsersSearch,
): { request: GetUsersRequest; problems: string[] } {
  const users = idsFromText(search.users, MAX_USER_FILTER_IDS);
  const groups = idsFromText(search.groups, MAX_USER_FILTER_IDS);
  const problems = [users.problem, groups.problem].filter((p): p is string => p !== undefined);
  if (search.document && search.folder) {
    problems.push('Filter by a document or by a folder, not both.');
  }
  const grouped = search.view === 'documents';
  return {
    request: {
      organizationId,
      ...(grouped
        ? { allDocuments: true, groupByDocumentId: true }
        : {
            ...(search.document ? { documentId: search.document } : {}),
            ...(search.folder && !search.document ? { folderId: search.folder } : {}),
          }),
      ...(users.ids ? { userIds: users.ids } : {}),
      ...(groups.ids ? { organizationUserGroupIds: groups.ids } : {}),
    },
    problems,
  };
}

/**
 * Query keys of the users area, generic to specific. Each query calls with the key it is keyed
 * by: switching keys can never show one key's users as another's.
 */
export const userQueries = {
  all: () => ['users'] as const,
  one: (apiKeyId: string) => [...userQueries.all(), apiKeyId] as const,
  /** The users the request selects, page by page. */
  list: (apiKey: ApiKeyCredentials, request: GetUsersRequest) =>
    pagedQueryOptions({
      queryKey: [...userQueries.one(apiKey.id), 'list', request] as const,
      fetchPage: async (token, signal) => {
        const answer = await call(
          getUsers,
          { ...request, pageSize: USERS_PAGE, ...pageParam('pageToken', token) },
          { apiKey, signal },
        );
        const users = Array.isArray(answer.data) ? answer.data : [];
        return { items: users, next: answer.pageToken || null };
      },
    }),
  /**
   * The organization's groups with their member counts, page by page. Under the key's users, so
   * that every write of users or groups counts the members again.
   */
  groups: (apiKey: ApiKeyCredentials, organizationId: string) =>
    pagedQueryOptions({
      queryKey: [...userQueries.one(apiKey.id), 'groups', organizationId] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            getUserGroups,
            { organizationId, pageSize: GROUPS_PAGE, ...pageParam('pageToken', token) },
            { apiKey, signal },
          ),
        ),
    }),
  /** Every document's users, grouped by document, page by page. */
  byDocument: (apiKey: ApiKeyCredentials, request: GetUsersRequest) =>
    pagedQueryOptions({
      queryKey: [...userQueries.one(apiKey.id), 'by-document', request] as const,
      fetchPage: async (token, signal) => {
        const answer = await call(
          getUsers,
          { ...request, pageSize: USERS_PAGE, ...pageParam('pageToken', token) },
          { apiKey, signal },
        );
        const groups: DocumentUsers[] = Array.isArray(answer.data)
          ? []
          : Object.entries(answer.data).map(([documentId, users]) => ({ documentId, users }));
        return { items: groups, next: answer.pageToken || null };
      },
    }),
};
