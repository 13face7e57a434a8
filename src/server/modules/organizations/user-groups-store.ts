import { type SQL, sql } from 'drizzle-orm';
import { inKeyOrder } from '../../db/key-order';
import { insertMemberships } from '../../rows/membership-rows';
import { type DbOrTx, forEachChunk, rowsOf } from '../../db/transaction';

export interface NewUserGroup {
  groupId: string;
  groupName: string;
}

export interface GroupMember {
  groupId: string;
  userId: string;
}

/** Rows per statement, as for every bulk write of organization data. */
const ROWS_PER_STATEMENT = 5000;

const idList = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Inserts the groups whose id is free in the organization and answers the ids it inserted; an
 * existing group keeps its name. Run it in a transaction: the chunks commit together.
 */
export async function insertUserGroups(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  groups: readonly NewUserGroup[],
  now: Date,
): Promise<Set<string>> {
  const at = now.toISOString();
  const inserted = new Set<string>();
  const ordered = inKeyOrder(groups, (g) => g.groupId);
  await forEachChunk(ordered, ROWS_PER_STATEMENT, async (chunk) => {
    const rows = await rowsOf<{ group_id: string }>(
      db,
      sql`insert into user_groups
          (api_key_id, organization_id, group_id, group_name, created_at, updated_at)
        select ${apiKeyId}, ${organizationId}, g."groupId", g."groupName",
          ${at}::timestamptz, ${at}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as g("groupId" text, "groupName" text)
        on conflict do nothing
        returning group_id`,
    );
    for (const row of rows) inserted.add(row.group_id);
  });
  return inserted;
}

/** Adds members to groups; a membership that exists is left as it is. Groups and users must exist. */
export function insertGroupMembers(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  members: readonly GroupMember[],
  now: Date,
): Promise<void> {
  const rows = members.map((m) => ({ containerId: m.groupId, userId: m.userId }));
  return insertMemberships(db, 'user_group_members', apiKeyId, organizationId, rows, now);
}

/**
 * Whether the group exists; when it does, its row stays locked (FOR KEY SHARE) until the
 * transaction ends, so that it cannot go away under the memberships being written.
 */
export async function lockUserGroup(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  groupId: string,
): Promise<boolean> {
  const found = await rowsOf(
    db,
    sql`select 1 from user_groups
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and group_id = ${groupId}
      for key share`,
  );
  return found.length > 0;
}

/**
 * Which of the users are users of the organization, their rows locked like `lockUserGroup` (an
 * erasure of a user waits for the memberships being added to it).
 */
export async function lockOrganizationUsers(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`select user_id from organization_users
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and user_id in (${idList(userIds)})
      for key share`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Removes these users from the group; answers the ids that were members. */
export async function deleteGroupMembers(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  groupId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`delete from user_group_members
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and group_id = ${groupId} and user_id in (${idList(userIds)})
      returning user_id`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Empties the group; answers the ids of the members it had. */
export async function deleteAllGroupMembers(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  groupId: string,
): Promise<string[]> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`delete from user_group_members
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and group_id = ${groupId}
      returning user_id`,
  );
  return rows.map((r) => r.user_id);
}
