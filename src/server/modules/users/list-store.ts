import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/transaction';

/**
 * Which memberships a user must have to be listed:
 * - `organizationLevel`: added to the organization itself (the organization alone is asked for);
 * - `any`: none (user ids or groups are asked for without a document, folder or allDocuments);
 * - `document` / `folder`: a member of that one;
 * - `anyDocument`: a member of at least one document (allDocuments).
 */
export type Membership =
  | { kind: 'organizationLevel' }
  | { kind: 'any' }
  | { kind: 'document'; documentId: string }
  | { kind: 'folder'; folderId: string }
  | { kind: 'anyDocument' };

export interface UserFilters {
  apiKeyId: string;
  organizationId: string;
  membership: Membership;
  /** At most 30: only these users. */
  userIds?: readonly string[] | undefined;
  /** At most 30: only members of at least one of these groups. */
  groupIds?: readonly string[] | undefined;
}

export interface UserRow {
  user_id: string;
  name: string;
  email: string;
}

export interface DocumentUserRow extends UserRow {
  document_id: string;
}

/** Where a grouped page continues: after this membership, in (documentId, userId) order. */
export interface DocumentUserPosition {
  documentId: string;
  userId: string;
}

/** `$1, $2, …`: the values as parameters, for an `in (…)` of ids. */
export const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Rows of the filters' organization in a table aliased `alias`. */
const inOrganization = (alias: string, f: UserFilters): SQL =>
  sql`${sql.raw(alias)}.api_key_id = ${f.apiKeyId} and ${sql.raw(alias)}.organization_id = ${f.organizationId}`;

/** The user `userColumn` is a member of one of the groups (through user_group_members_user_idx). */
function inGroups(f: UserFilters, userColumn: SQL): SQL {
  if (!f.groupIds) return sql``;
  // OFFSET 0 keeps the probe a probe: without it PostgreSQL may turn it into a semi-join over
  // every member of the groups and sort the result, when the page needs only its next rows.
  return sql` and exists (select 1 from user_group_members gm
    where ${inOrganization('gm', f)} and gm.user_id = ${userColumn}
      and gm.group_id in (${list(f.groupIds)}) offset 0)`;
}

/** The user `userColumn` has the membership the filters ask for (each through an index). */
function hasMembership(f: UserFilters, userColumn: SQL): SQL {
  const m = f.membership;
  switch (m.kind) {
    case 'organizationLevel':
      return sql` and exists (select 1 from organization_users om
        where ${inOrganization('om', f)} and om.user_id = ${userColumn} and om.organization_level)`;
    case 'any':
      return sql``;
    case 'document':
      return sql` and exists (select 1 from document_users dm
        where ${inOrganization('dm', f)} and dm.document_id = ${m.documentId}
          and dm.user_id = ${userColumn})`;
    case 'folder':
      return sql` and exists (select 1 from folder_users fm
        where ${inOrganization('fm', f)} and fm.folder_id = ${m.folderId}
          and fm.user_id = ${userColumn})`;
    case 'anyDocument':
      return sql` and exists (select 1 from document_users dm
        where ${inOrganization('dm', f)} and dm.user_id = ${userColumn})`;
  }
}

const after = (column: string, userId: string | undefined): SQL =>
  userId === undefined ? sql`` : sql` and ${sql.raw(column)} > ${userId}`;

/**
 * The profile of each user of `ids` (a list of `user_id`s ordered by the caller), in that order.
 * The lateral `limit 1` keeps the planner from turning the lookups into a hash join over the whole
 * table: a page is at most 1,001 primary-key lookups.
 */
const profilesOf = (f: UserFilters, ids: SQL, order: SQL = sql`ids.user_id`): SQL => sql`
  select ids.*, u.name, u.email from (${ids}) ids
  cross join lateral (select u.name, u.email from organization_users u
    where ${inOrganization('u', f)} and u.user_id = ids.user_id limit 1) u
  order by ${order}`;

/**
 * Members of any of the groups, once each, in id order after `afterUserId`. Each group's members
 * are read in id order from its primary key range and cut at `limit`, and the groups' streams are
 * merged (Merge Append, then Unique): a page never sorts, or even reads, a big group whole.
 */
function groupMembers(
  f: UserFilters,
  groupIds: readonly string[],
  afterUserId: string | undefined,
  limit: number,
): SQL {
  const branches = groupIds.map(
    (groupId) => sql`(select gm.user_id from user_group_members gm
      where ${inOrganization('gm', f)} and gm.group_id = ${groupId}${after('gm.user_id', afterUserId)}${hasMembership(f, sql`gm.user_id`)}
      order by gm.user_id limit ${limit})`,
  );
  return sql`select distinct on (g.user_id) g.user_id from (${sql.join(branches, sql` union all `)}) g
    order by g.user_id limit ${limit}`;
}

/**
 * Get Users' statement for an ungrouped page: at most `limit` users of the filters in id order
 * after `afterUserId`, each through an index in id order:
 * - user ids: their primary keys (at most 30), the other filters checked per user;
 * - a document or folder: its membership range, groups checked per member;
 * - groups: the merged group ranges (`groupMembers`), allDocuments checked per member;
 * - allDocuments: document_users_user_idx, distinct users;
 * - organization-level: organization_users_level_idx.
 */
export function usersPageStatement(
  f: UserFilters,
  afterUserId: string | undefined,
  limit: number,
): SQL {
  const m = f.membership;
  if (f.userIds) {
    return sql`select u.user_id, u.name, u.email from organization_users u
      where ${inOrganization('u', f)} and u.user_id in (${list(f.userIds)})${after('u.user_id', afterUserId)}${hasMembership(f, sql`u.user_id`)}${inGroups(f, sql`u.user_id`)}
      order by u.user_id limit ${limit}`;
  }
  if (m.kind === 'document' || m.kind === 'folder') {
    const [table, column, id] =
      m.kind === 'document'
        ? ['document_users', 'document_id', m.documentId]
        : ['folder_users', 'folder_id', m.folderId];
    return profilesOf(
      f,
      sql`select mm.user_id from ${sql.identifier(table)} mm
        where ${inOrganization('mm', f)} and mm.${sql.identifier(column)} = ${id}${after('mm.user_id', afterUserId)}${inGroups(f, sql`mm.user_id`)}
        order by mm.user_id limit ${limit}`,
    );
  }
  if (f.groupIds) return profilesOf(f, groupMembers(f, f.groupIds, afterUserId, limit));
  if (m.kind === 'anyDocument') {
    return profilesOf(
      f,
      sql`select distinct dm.user_id from document_users dm
        where ${inOrganization('dm', f)}${after('dm.user_id', afterUserId)}
        order by dm.user_id limit ${limit}`,
    );
  }
  return sql`select u.user_id, u.name, u.email from organization_users u
    where ${inOrganization('u', f)} and u.organization_level${after('u.user_id', afterUserId)}
    order by u.user_id limit ${limit}`;
}

/** Memberships strictly after `position` in (document_id, user_id) order, for alias `alias`. */
function afterMembership(alias: string, position: DocumentUserPosition | undefined): SQL {
  if (!position) return sql``;
  const a = sql.raw(alias);
  return sql` and (${a}.document_id, ${a}.user_id) > (${position.documentId}, ${position.userId})`;
}

/**
 * Get Users' statement for a page grouped by document (allDocuments): at most `limit` document
 * memberships with their users, in (documentId, userId) order after `position`. With user ids,
 * each user's memberships are read in document order from document_users_user_idx, cut at
 * `limit` and merged; otherwise the organization's memberships are read in primary-key order.
 * Groups are checked per membership.
 */
export function documentUsersPageStatement(
  f: UserFilters,
  position: DocumentUserPosition | undefined,
  limit: number,
): SQL {
  const memberships = f.userIds
    ? sql`select x.document_id, x.user_id from (${sql.join(
        f.userIds.map(
          (userId) => sql`(select dm.document_id, dm.user_id from document_users dm
            where ${inOrganization('dm', f)} and dm.user_id = ${userId}${
              position ? sql` and dm.document_id >= ${position.documentId}` : sql``
            }${afterMembership('dm', position)}${inGroups(f, sql`dm.user_id`)}
            order by dm.document_id, dm.user_id limit ${limit})`,
        ),
        sql` union all `,
      )}) x order by x.document_id, x.user_id limit ${limit}`
    : sql`select dm.document_id, dm.user_id from document_users dm
        where ${inOrganization('dm', f)}${afterMembership('dm', position)}${inGroups(f, sql`dm.user_id`)}
        order by dm.document_id, dm.user_id limit ${limit}`;
  return profilesOf(f, memberships, sql`ids.document_id, ids.user_id`);
}

export const listUsers = (db: DbOrTx, statement: SQL): Promise<UserRow[]> =>
  rowsOf<UserRow>(db, statement);

export const listDocumentUsers = (db: DbOrTx, statement: SQL): Promise<DocumentUserRow[]> =>
  rowsOf<DocumentUserRow>(db, statement);
