import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/transaction';
import { list } from './list-store';

export interface UserGroupPageQuery {
  apiKeyId: string;
  organizationId: string;
  /** At most 30: only these groups. */
  groupIds?: readonly string[] | undefined;
  /** The last group id of the previous page. */
  afterGroupId?: string | undefined;
  limit: number;
}

export interface UserGroupRow {
  group_id: string;
  group_name: string;
  /** Epoch milliseconds (with the microseconds PostgreSQL keeps as a fraction). */
  created_ms: number;
  member_count: number;
}

/**
 * A page of an organization's groups in id order (user_groups_pk), each with its member count.
 * The page is cut first and only its groups are counted, each from its own range of
 * user_group_members_pk: a page never reads the memberships of groups it does not show.
 */
export function userGroupPageStatement(q: UserGroupPageQuery): SQL {
  const ids = q.groupIds ? sql` and g.group_id in (${list(q.groupIds)})` : sql``;
  const after = q.afterGroupId === undefined ? sql`` : sql` and g.group_id > ${q.afterGroupId}`;
  return sql`
    select p.group_id, p.group_name, (extract(epoch from p.created_at) * 1000)::float8 as created_ms,
      (select count(*)::int from user_group_members m
        where m.api_key_id = ${q.apiKeyId} and m.organization_id = ${q.organizationId}
          and m.group_id = p.group_id) as member_count
    from (
      select g.group_id, g.group_name, g.created_at from user_groups g
      where g.api_key_id = ${q.apiKeyId} and g.organization_id = ${q.organizationId}${ids}${after}
      order by g.group_id
      limit ${q.limit}
    ) p
    order by p.group_id`;
}

export function listUserGroups(db: DbOrTx, statement: SQL): Promise<UserGroupRow[]> {
  return rowsOf<UserGroupRow>(db, statement);
}
