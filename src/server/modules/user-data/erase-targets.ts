import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/transaction';

export interface EraseTarget {
  userId: string;
  organizationId: string;
}

/**
 * Whether the user has any row in the organization: a membership, or data they authored or
 * received. Each probe is one lookup in an index that starts with (api key, organization,
 * user), so that finding the organizations costs a few lookups per organization of the key.
 */
const USER_ROWS = sql`
  exists (select 1 from organization_users x where x.api_key_id = o.api_key_id
    and x.organization_id = o.organization_id and x.user_id = u.user_id)
  or exists (select 1 from comments x where x.api_key_id = o.api_key_id
    and x.organization_id = o.organization_id and x.from_user_id = u.user_id)
  or exists (select 1 from reactions x where x.api_key_id = o.api_key_id
    and x.organization_id = o.organization_id and x.from_user_id = u.user_id)
  or exists (select 1 from recordings x where x.api_key_id = o.api_key_id
    and x.organization_id = o.organization_id and x.from_user_id = u.user_id)
  or exists (select 1 from activities x where x.api_key_id = o.api_key_id
    and x.organization_id = o.organization_id and x.action_user_id = u.user_id)
  or exists (select 1 from notifications x where x.api_key_id = o.api_key_id
    and x.organization_id = o.organization_id and x.action_user_id = u.user_id)
  or exists (select 1 from notification_users x where x.api_key_id = o.api_key_id
    and x.organization_id = o.organization_id and x.user_id = u.user_id)`;

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
  return rowsOf<EraseTarget>(
    db,
    sql`select u.user_id as "userId", o.organization_id as "organizationId"
      from jsonb_array_elements_text(${JSON.stringify(users)}::jsonb) with ordinality
        as u(user_id, n)
      join organizations o on o.api_key_id = ${apiKeyId} and (${USER_ROWS})
      order by u.n, o.organization_id`,
  );
}
