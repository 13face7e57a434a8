import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/transaction';

export interface EraseTarget {
  userId: string;
  organizationId: string;
}

/** The tables that hold a user's rows, and the column naming the user. */
const USER_TABLES = [
  ['organization_users', 'user_id'],
  ['comments', 'from_user_id'],
  ['reactions', 'from_user_id'],
  ['recordings', 'from_user_id'],
  ['activities', 'action_user_id'],
  ['judgments', 'reviewer_id'],
  ['notifications', 'action_user_id'],
  ['notification_users', 'user_id'],
] as const;

/**
 * The distinct organizations of the key in a table, by a skip scan: one probe of the index that
 * starts with (api key, organization) per organization, instead of reading every row. Feature
 * data may name an organization that Add Organizations never created.
 */
const organizationsIn = (table: string) => {
  const t = sql.identifier(table);
  return sql`(with recursive skip(id) as (
      (select organization_id from ${t} where api_key_id = k.id
        order by organization_id limit 1)
      union all
      select (select organization_id from ${t} where api_key_id = k.id
          and organization_id > skip.id order by organization_id limit 1)
        from skip where skip.id is not null)
    select id from skip where id is not null)`;
};

/** A probe of each table's index that starts with (api key, organization, user). */
const probe = (table: string, column: string) =>
  sql`(select 1 from ${sql.identifier(table)} x where x.api_key_id = o.api_key_id
    and x.organization_id = o.organization_id and x.${sql.identifier(column)} = u.user_id)`;

/**
 * Whether the user has any row in the organization: a membership, or data they authored or
 * received. A lateral subquery of index probes that stops at the first hit: written as ORed
 * EXISTS, the planner hashes whole tables instead.
 */
const USER_ROWS = sql.join(
  USER_TABLES.map(([table, column]) => probe(table, column)),
  sql` union all `,
);

/** Every organization of the key: those it added, and those its users' data names. */
const KEY_ORGANIZATIONS = sql.join(
  [
    sql`select organization_id from organizations where api_key_id = k.id`,
    ...USER_TABLES.map(([table]) => organizationsIn(table)),
  ],
  sql` union `,
);

/**
 * The tasks of an erase, one per user and organization, users in the order asked. Given
 * organizations are taken as they are (the caller knows where the users are; an organization
 * without them gives a task that finds nothing); otherwise every organization of the key where
 * the user has any row, whether or not Add Organizations created it.
 */
export async function eraseTargets(
  db: DbOrTx,
  apiKeyId: string,
  userIds: readonly string[],
  organizationIds: readonly string[] | undefined,
): Promise<EraseTarget[]> {
  const users = [...new Set(userIds)];
  if (organizationIds) {
    const organizations = [...new Set(organizationIds)];
    return users.flatMap((userId) =>
      organizations.map((organizationId) => ({ userId, organizationId })),
    );
  }
  return rowsOf<EraseTarget>(db, eraseTargetsStatement(apiKeyId, users));
}

/** The organizations of the key that hold each user, apart so that a test can check its plan. */
export function eraseTargetsStatement(apiKeyId: string, userIds: readonly string[]): SQL {
  return sql`with k(id) as (select ${apiKeyId}::text),
      o as materialized (select k.id as api_key_id, x.organization_id
        from k, lateral (${KEY_ORGANIZATIONS}) as x(organization_id))
    select u.user_id as "userId", o.organization_id as "organizationId"
      from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) with ordinality
        as u(user_id, n)
      cross join o
      cross join lateral (${USER_ROWS} limit 1) as hit
      order by u.n, o.organization_id`;
}
