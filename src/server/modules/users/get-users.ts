import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { User } from '#contract/common';
import type { UsersResult, getUsersRequest } from '#contract/users';
import { keysetPage, rowsToFetch } from '../../db/keyset';
import { organizationExists } from '../../rows/organization-store';
import { PageTokens } from '../../http/page-token';
import { ServiceError, invalidArgument } from '../../http/service-error';
import {
  unknownDocument,
  unknownFolder,
  unknownOrganization,
  unknownUserGroup,
} from '../../http/unknown-ids';
import type { Services } from '../../services';
import {
  type Membership,
  type UserFilters,
  type UserRow,
  documentUsersPageStatement,
  listDocumentUsers,
  listUsers,
  usersPageStatement,
} from './list-store';
import { containerExists, existingGroups } from './store';

type GetInput = z.output<typeof getUsersRequest>;

/** The specification's default page of Get Users. */
export const DEFAULT_USERS_PAGE_SIZE = 1000;

/** The specification's message of every Get Users failure; an unknown id adds what is missing. */
export const retrievalFailedMessage = 'Error retrieving user(s).';

export interface UsersPage {
  data: UsersResult;
  nextPageToken: string | null;
}

const usersTokens = (s: Services) =>
  new PageTokens(s.secrets, {
    name: 'users',
    field: 'data.pageToken',
    position: z.object({ userId: z.string() }),
  });

const documentUsersTokens = (s: Services) =>
  new PageTokens(s.secrets, {
    name: 'users-by-document',
    field: 'data.pageToken',
    position: z.object({ documentId: z.string(), userId: z.string() }),
  });

/**
 * The users a request asks for. Filters combine as an intersection: a document or folder (or
 * allDocuments: any document) limits the users to its members, userIds to those ids, group ids to
 * members of at least one of the groups. The organization alone lists its organization-level
 * users; user or group ids without a document or folder list any user of the organization.
 */
function membershipOf(input: GetInput): Membership {
  if (input.documentId !== undefined) return { kind: 'document', documentId: input.documentId };
  if (input.folderId !== undefined) return { kind: 'folder', folderId: input.folderId };
  if (input.allDocuments === true) return { kind: 'anyDocument' };
  if (input.userIds !== undefined || input.organizationUserGroupIds !== undefined) {
    return { kind: 'any' };
  }
  return { kind: 'organizationLevel' };
}

/** The same ids in any order or repetition make the same query, for the page token's binding. */
const idSet = (ids: readonly string[] | undefined) =>
  ids === undefined ? null : [...new Set(ids)].sort();

/** What a page token is bound to: the tenant and every filter (not the page size). */
const tokenQuery = (apiKeyId: string, input: GetInput) => ({
  apiKeyId,
  organizationId: input.organizationId,
  documentId: input.documentId ?? null,
  folderId: input.folderId ?? null,
  userIds: idSet(input.userIds),
  groupIds: idSet(input.organizationUserGroupIds),
  allDocuments: input.allDocuments === true,
});

const userOf = (row: UserRow): User => ({ userId: row.user_id, name: row.name, email: row.email });

/** Refused naming the organization, document, folder or the first group that does not exist. */
async function requireFilterTargets(s: Services, apiKeyId: string, input: GetInput) {
  const { organizationId, documentId, folderId } = input;
  const missing = (unknown: ServiceError) =>
    invalidArgument(`${retrievalFailedMessage} ${unknown.message}`);
  if (!(await organizationExists(s.db, apiKeyId, organizationId))) {
    throw missing(unknownOrganization(organizationId));
  }
  if (
    documentId !== undefined &&
    !(await containerExists(s.db, apiKeyId, organizationId, { documentId }, false))
  ) {
    throw missing(unknownDocument(organizationId, documentId));
  }
  if (
    folderId !== undefined &&
    !(await containerExists(s.db, apiKeyId, organizationId, { folderId }, false))
  ) {
    throw missing(unknownFolder(organizationId, folderId));
  }
  const groupIds = input.organizationUserGroupIds;
  if (groupIds !== undefined) {
    const found = await existingGroups(s.db, apiKeyId, organizationId, groupIds);
    const absent = groupIds.find((g) => !found.has(g));
    if (absent !== undefined) throw missing(unknownUserGroup(organizationId, absent));
  }
}

function filtersOf(apiKeyId: string, input: GetInput): UserFilters {
  return {
    apiKeyId,
    organizationId: input.organizationId,
    membership: membershipOf(input),
    userIds: input.userIds,
    groupIds: input.organizationUserGroupIds,
  };
}

/**
 * What a page starts from: the token's position (checked against this query first, so a foreign
 * token is INVALID_ARGUMENT whatever it names), the filters' targets found, the filters.
 */
async function startPage<K>(s: Services, apiKeyId: string, input: GetInput, tokens: PageTokens<K>) {
  const query = tokenQuery(apiKeyId, input);
  const position = tokens.decode(query, input.pageToken);
  await requireFilterTargets(s, apiKeyId, input);
  return { query, position, filters: filtersOf(apiKeyId, input) };
}

/** One page of the filters' users in id order. */
async function usersPage(s: Services, apiKeyId: string, input: GetInput, limit: number) {
  const tokens = usersTokens(s);
  const { query, position, filters } = await startPage(s, apiKeyId, input, tokens);
  const statement = usersPageStatement(filters, position?.userId, rowsToFetch(limit));
  const { rows, more } = keysetPage(await listUsers(s.db, statement), limit);
  const last = rows.at(-1);
  return {
    data: rows.map(userOf),
    nextPageToken: more && last ? tokens.encode(query, { userId: last.user_id }) : null,
  };
}

/** One page of document memberships in (documentId, userId) order, as documentId → users. */
async function documentUsersPage(s: Services, apiKeyId: string, input: GetInput, limit: number) {
  const tokens = documentUsersTokens(s);
  const { query, position, filters } = await startPage(s, apiKeyId, input, tokens);
  const statement = documentUsersPageStatement(filters, position, rowsToFetch(limit));
  const { rows, more } = keysetPage(await listDocumentUsers(s.db, statement), limit);
  // A Map, then fromEntries: a document id such as `__proto__` stays an ordinary key.
  const byDocument = new Map<string, User[]>();
  for (const row of rows) {
    const users = byDocument.get(row.document_id) ?? [];
    users.push(userOf(row));
    byDocument.set(row.document_id, users);
  }
  const last = rows.at(-1);
  return {
    data: Object.fromEntries(byDocument),
    nextPageToken:
      more && last
        ? tokens.encode(query, { documentId: last.document_id, userId: last.user_id })
        : null,
  };
}

/**
 * Get Users: one keyset page of the filters' users in id order, or with allDocuments and
 * groupByDocumentId one page of document memberships answered as a map documentId → users (a
 * page holds `pageSize` memberships). `nextPageToken` continues the same query and no other.
 */
export function getUsers(s: Services, apiKeyId: string, input: GetInput): Promise<UsersPage> {
  const limit = input.pageSize ?? DEFAULT_USERS_PAGE_SIZE;
  return input.groupByDocumentId === true
    ? documentUsersPage(s, apiKeyId, input, limit)
    : usersPage(s, apiKeyId, input, limit);
}

/**
 * The specification's failure of Get Users for anything unexpected: INTERNAL with its message,
 * the cause in the log and never in the answer. The service's own refusals pass unchanged.
 */
export async function retrievingUsers<T>(log: FastifyBaseLogger, work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    log.error({ err }, 'Get Users failed');
    throw new ServiceError('INTERNAL', retrievalFailedMessage);
  }
}
