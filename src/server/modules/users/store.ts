import { sql } from 'drizzle-orm';
import { inKeyOrder } from '../../db/key-order';
import { insertMemberships } from '../../rows/membership-rows';
import { type DbOrTx, forEachChunk, rowsOf } from '../../db/transaction';

/** A user's profile as Add Users writes it; `organizationLevel` when added to the organization. */
export interface NewUser {
  userId: string;
  name: string;
  email: string;
  organizationLevel: boolean;
}

export interface DocumentMembership {
  documentId: string;
  userId: string;
}

export interface FolderMembership {
  folderId: string;
  userId: string;
}

/** Rows per statement: a benchmark loads a hundred thousand users at once. */
const ROWS_PER_STATEMENT = 5000;

/**
 * Writes the users' profiles: new users are inserted, known ones get the name and e-mail sent,
 * and `organization_level` only ever turns on (a document user added to the organization becomes
 * organization-level; adding an organization-level user to a document leaves it so). The user
 * ids must differ from one another. Run it in a transaction: the chunks commit together.
 */
export async function upsertUsers(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  users: readonly NewUser[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await forEachChunk(
    inKeyOrder(users, (u) => u.userId),
    ROWS_PER_STATEMENT,
    async (chunk) => {
      await db.execute(sql`
      insert into organization_users as u
        (api_key_id, organization_id, user_id, name, email, organization_level, created_at, updated_at)
      select ${apiKeyId}, ${organizationId}, n."userId", n.name, n.email, n."organizationLevel",
        ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as n("userId" text, name text, email text, "organizationLevel" boolean)
      on conflict (api_key_id, organization_id, user_id) do update set
        name = excluded.name,
        email = excluded.email,
        organization_level = u.organization_level or excluded.organization_level,
        updated_at = excluded.updated_at`);
    },
  );
}

/** Adds document memberships; one that exists is left as it is. The users must exist. */
export function insertDocumentUsers(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  memberships: readonly DocumentMembership[],
  now: Date,
): Promise<void> {
  const rows = memberships.map((m) => ({ containerId: m.documentId, userId: m.userId }));
  return insertMemberships(db, 'document_users', apiKeyId, organizationId, rows, now);
}

/** Adds folder memberships; one that exists is left as it is. The users must exist. */
export function insertFolderUsers(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  memberships: readonly FolderMembership[],
  now: Date,
): Promise<void> {
  const rows = memberships.map((m) => ({ containerId: m.folderId, userId: m.userId }));
  return insertMemberships(db, 'folder_users', apiKeyId, organizationId, rows, now);
}

/**
 * Whether the document or folder exists. With `lock`, its row stays locked (FOR KEY SHARE) until
 * the transaction ends, so that a migration or a deletion cannot take it from under the
 * memberships being added; reads leave the row alone.
 */
export async function containerExists(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  container: { documentId: string } | { folderId: string },
  lock: boolean,
): Promise<boolean> {
  const [table, column, id] =
    'documentId' in container
      ? ['documents', 'document_id', container.documentId]
      : ['folders', 'folder_id', container.folderId];
  const found = await rowsOf(
    db,
    sql`select 1 from ${sql.identifier(table)}
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and ${sql.identifier(column)} = ${id}${lock ? sql` for key share` : sql``}`,
  );
  return found.length > 0;
}

/** Which of the groups exist in the organization (at most 30 ids, by primary key). */
export async function existingGroups(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  groupIds: readonly string[],
): Promise<Set<string>> {
  const found = await rowsOf<{ group_id: string }>(
    db,
    sql`select group_id from user_groups
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and group_id in (${sql.join(
          groupIds.map((g) => sql`${g}`),
          sql`, `,
        )})`,
  );
  return new Set(found.map((r) => r.group_id));
}
