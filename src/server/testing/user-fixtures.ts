import { sql } from 'drizzle-orm';
import type { User } from '#contract/common';
import type { Db } from '../db/db';
import { ensureOrganization } from '../rows/organization-store';
import type { Reply, TestService } from './test-service';
import { addUsers, getUsers } from '#contract/users';
import { addUserGroups, addUsersToGroups, deleteUsersFromGroups } from '#contract/organizations';

/**
 * Organizations, documents and folders for the users and groups tests, written straight into
 * their tables: the users area needs them to exist, and their own endpoints belong to other
 * areas. Documents sit in no folder; folders sit under root.
 */
export async function insertOrganizationRows(
  db: Db,
  apiKeyId: string,
  organizationId: string,
  rows: { documentIds?: readonly string[]; folderIds?: readonly string[] } = {},
): Promise<void> {
  const now = new Date();
  const at = now.toISOString();
  await ensureOrganization(db, apiKeyId, organizationId, now);
  for (const documentId of rows.documentIds ?? []) {
    await db.execute(sql`
      insert into documents (api_key_id, organization_id, document_id, document_name, access_type,
        created_at, updated_at)
      values (${apiKeyId}, ${organizationId}, ${documentId}, ${documentId}, 'public',
        ${at}::timestamptz, ${at}::timestamptz)`);
  }
  for (const folderId of rows.folderIds ?? []) {
    await db.execute(sql`
      insert into folders (api_key_id, organization_id, folder_id, folder_name, parent_folder_id,
        ancestors, depth, access_type, inherit_access_from_parent, created_at, updated_at)
      values (${apiKeyId}, ${organizationId}, ${folderId}, ${folderId}, 'root', array['root'], 1,
        'public', false, ${at}::timestamptz, ${at}::timestamptz)`);
  }
}

export const userPaths = {
  addUsers: addUsers.path,
  getUsers: getUsers.path,
  addGroups: addUserGroups.path,
  addMembers: addUsersToGroups.path,
  deleteMembers: deleteUsersFromGroups.path,
} as const;

export interface Answered<T> {
  result: { status: string; message: string; data: T; nextPageToken?: string | null };
}

export interface ErrorBody {
  error: { status: string; message: string };
}

export type ItemAnswer = Record<string, { success: boolean; id: string; message: string }>;
export type MembershipAnswer = Record<
  string,
  { success: boolean; organizationUserGroupId: string; message: string }
>;
export type UsersAnswer = User[] | Record<string, User[]>;

/** A user as the tests add and expect them: name and e-mail derived from the id. */
export const userNamed = (userId: string): User => ({
  userId,
  name: `Name ${userId}`,
  email: `${userId}@example.com`,
});

async function data<T>(reply: Promise<Reply<Answered<T> | ErrorBody>>): Promise<T> {
  const res = await reply;
  if (res.status !== 200 || !('result' in res.body)) {
    throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.result.data;
}

/** The users and groups endpoints of one API key, as raw replies and as checked data. */
export function usersApi(svc: TestService, headers: Record<string, string>) {
  const call = <T>(path: string, body: unknown) =>
    svc.post<Answered<T> | ErrorBody>(path, body, headers);
  return {
    call,
    addUsers: (body: Record<string, unknown>) => data(call<ItemAnswer>(userPaths.addUsers, body)),
    getUsers: (body: Record<string, unknown>) => call<UsersAnswer>(userPaths.getUsers, body),
    addGroups: (organizationId: string, groupIds: readonly string[]) =>
      data(
        call<ItemAnswer>(userPaths.addGroups, {
          organizationId,
          organizationUserGroups: groupIds.map((groupId) => ({
            groupId,
            groupName: `Group ${groupId}`,
          })),
        }),
      ),
    addMembers: (organizationId: string, groupId: string, userIds: readonly string[]) =>
      data(
        call<MembershipAnswer>(userPaths.addMembers, {
          organizationId,
          organizationUserGroupId: groupId,
          userIds,
        }),
      ),
  };
}
