import { sql } from 'drizzle-orm';
import type { User } from '#contract/common';
import type { Db } from '../db/db';
import { ensureOrganization } from '../rows/organization-store';
import type { Client } from '#contract/client';
import { addUserGroups, addUsersToGroups } from '#contract/organizations';
import { dataOf } from './replies';

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

/** A user as the tests add and expect them: name and e-mail derived from the id. */
export const userNamed = (userId: string): User => ({
  userId,
  name: `Name ${userId}`,
  email: `${userId}@example.com`,
});

/** Add User Groups with the client's key, each group named after its id: the 200's results. */
export async function addGroups(
  client: Pick<Client, 'send'>,
  organizationId: string,
  groupIds: readonly string[],
) {
  const organizationUserGroups = groupIds.map((groupId) => ({
    groupId,
    groupName: `Group ${groupId}`,
  }));
  return dataOf(await client.send(addUserGroups, { organizationId, organizationUserGroups }));
}

/** Add Users To Groups with the client's key: the 200's results. */
export async function addMembers(
  client: Pick<Client, 'send'>,
  organizationId: string,
  groupId: string,
  userIds: readonly string[],
) {
  return dataOf(
    await client.send(addUsersToGroups, {
      organizationId,
      organizationUserGroupId: groupId,
      userIds,
    }),
  );
}
