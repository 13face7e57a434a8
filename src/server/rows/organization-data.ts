import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/transaction';

/**
 * Every table that holds data of an organization, by its `(api_key_id, organization_id)` columns,
 * children before parents. Delete Organizations empties each of them in one transaction; a table
 * added by a later area goes on this list (a test fails for any table with an `organization_id`
 * column that keeps rows of a deleted organization).
 */
const ORGANIZATION_TABLES = [
  'sent_emails',
  'agent_executions',
  'judgments',
  'activities',
  'reactions',
  'recordings',
  'notification_users',
  'notifications',
  'comments',
  'comment_annotations',
  'user_group_members',
  'document_users',
  'folder_users',
  'organization_users',
  'user_groups',
  'documents',
  'folder_closure',
  'folders',
  'organizations',
] as const;

/**
 * Deletes everything of the organizations; answers the ids whose organization row existed.
 *
 * The organization rows are locked first, in the order of their ids: every other write to an
 * organization's data (additions, a user's erasure, a document's migration) takes its row's
 * share lock before it touches anything else, so the deletion waits for those already under way
 * and the next ones wait for it. Locked last, as the deletion of the parent rows would, a row
 * held by a writer that in turn waits for a row already deleted here is a deadlock.
 */
export async function deleteOrganizationData(
  db: DbOrTx,
  apiKeyId: string,
  organizationIds: readonly string[],
): Promise<Set<string>> {
  const ids = sql`select jsonb_array_elements_text(${JSON.stringify(organizationIds)}::jsonb)`;
  // The rows locked are the organizations that exist: the answer, known before any delete.
  const existing = await rowsOf<{ id: string }>(
    db,
    sql`select organization_id as id from organizations
      where api_key_id = ${apiKeyId} and organization_id in (${ids})
      order by organization_id
      for update`,
  );
  for (const table of ORGANIZATION_TABLES) {
    await db.execute(sql`delete from ${sql.identifier(table)}
      where api_key_id = ${apiKeyId} and organization_id in (${ids})`);
  }
  return new Set(existing.map((r) => r.id));
}

/**
 * Every column that refers to a document by `(api_key_id, organization_id, document_id)`, the
 * document's own row first. A migration moves each to the new id; references bound by a foreign
 * key with ON UPDATE CASCADE follow the document row by themselves and are not listed. A test
 * fails for any `document_id` column that still holds the old id after a migration.
 */
export const DOCUMENT_REFERENCES = [
  'documents',
  'comment_annotations',
  'reactions',
  'recordings',
  'activities',
  'notifications',
  'sent_emails',
  'agent_executions',
  'judgments',
] as const;
