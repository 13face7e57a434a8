import { sql } from 'drizzle-orm';
import { inKeyOrder } from '../db/key-order';
import { type DbOrTx, forEachChunk } from '../db/transaction';

/**
 * The tables that hold a user's membership of a document, a folder or a user group, keyed by
 * `(api_key_id, organization_id, <container>, user_id)`, with the container's column.
 */
const containerColumns = {
  document_users: 'document_id',
  folder_users: 'folder_id',
  user_group_members: 'group_id',
} as const;

export type MembershipTable = keyof typeof containerColumns;

/** Rows per statement: a benchmark loads a hundred thousand memberships at once. */
const ROWS_PER_STATEMENT = 5000;

/**
 * Adds memberships (`containerId` is the document, folder or group); one that exists is left as
 * it is. The containers and users must exist. Run it in a transaction: the chunks commit
 * together.
 */
export async function insertMemberships(
  db: DbOrTx,
  table: MembershipTable,
  apiKeyId: string,
  organizationId: string,
  memberships: readonly { containerId: string; userId: string }[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const ordered = inKeyOrder(memberships, (m) => `${m.containerId}\u0000${m.userId}`);
  await forEachChunk(ordered, ROWS_PER_STATEMENT, async (chunk) => {
    await db.execute(sql`
      insert into ${sql.identifier(table)}
        (api_key_id, organization_id, ${sql.identifier(containerColumns[table])}, user_id, created_at)
      select ${apiKeyId}, ${organizationId}, m."containerId", m."userId", ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as m("containerId" text, "userId" text)
      on conflict do nothing`);
  });
}
