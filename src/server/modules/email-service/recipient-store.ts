import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '#server/db/transaction';

/**
 * The addresses the organization knows of these users (Add Users), through the primary key of
 * `organization_users`; a user without one is left out.
 */
export async function knownAddresses(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const found = await rowsOf<{ user_id: string; email: string }>(
    db,
    sql`select user_id, email from organization_users
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))
        and email <> ''`,
  );
  return new Map(found.map((r) => [r.user_id, r.email.trim().toLowerCase()]));
}

/** Authors of a thread's comments written before `before` (a comment added to an older thread). */
export async function earlierAuthors(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  annotationId: string,
  before: string,
): Promise<string[]> {
  const found = await rowsOf<{ user_id: string }>(
    db,
    sql`select distinct "from"->>'userId' as user_id from comments
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and annotation_id = ${annotationId} and created_at < ${before}::timestamptz`,
  );
  return found.map((r) => r.user_id);
}
