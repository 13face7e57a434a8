import { type SQL, sql } from 'drizzle-orm';
import type { ApiKeyCounts } from '#contract/api-key-counts';
import { type DbOrTx, rowsOf } from '../db/transaction';

/**
 * What an API key holds, counted from each area's table through an index that starts with the
 * key (an index-only range per count, not a table scan); apart so that a test can check its plan.
 */
export function keyCountsStatement(apiKeyId: string): SQL {
  return sql`select
      (select count(*) from organizations where api_key_id = ${apiKeyId})::int as "organizations",
      (select count(*) from documents where api_key_id = ${apiKeyId})::int as "documents",
      (select count(distinct user_id) from organization_users
        where api_key_id = ${apiKeyId})::int as "users",
      (select count(*) from webhook_endpoints
        where api_key_id = ${apiKeyId} and kind = 'advanced')::int as "webhookEndpoints",
      (select count(*) from agent_executions
        where api_key_id = ${apiKeyId} and status = 'running')::int as "runningExecutions"`;
}

export async function keyCounts(db: DbOrTx, apiKeyId: string): Promise<ApiKeyCounts> {
  const [row] = await rowsOf<ApiKeyCounts>(db, keyCountsStatement(apiKeyId));
  if (!row) throw new Error('The counts answered no row.');
  return row;
}
