import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/transaction';

export interface EraseTarget {
  userId: string;
  organizationId: string;
}

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
  [
    probe('organization_users', 'user_id'),
    probe('comments', 'from_user_id'),
    probe('reactions', 'from_user_id'),
    probe('recordings', 'from_user_id'),
    probe('activities', 'action_user_id'),
    probe('judgments', 'reviewer_id'),
    probe('notifications', 'action_user_id'),
    probe('notification_users', 'user_id'),
  ],
  sql` union all `,
);

/**
 * The tasks of an erase, one per user and organization, users in the order asked. Given
 * organizations are taken as they are (the caller knows where the users are; an organization
 * without them gives a task that finds nothing); otherwise every organization of the key where
 * the user has any row.
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
  return sql`select u.user_id as "userId", o.organization_id as "organizationId"
      from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) with ordinality
        as u(user_id, n)
      join organizations o on o.api_key_id = ${apiKeyId}
      cross join lateral (${USER_ROWS} limit 1) as hit
      order by u.n, o.organization_id`;
}
