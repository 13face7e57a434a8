import { type SQL, sql } from 'drizzle-orm';
import type { MigrationStatus } from '#contract/documents';
import { DOCUMENT_REFERENCES } from '../../rows/organization-data';
import { type DbOrTx, rowsOf } from '../../db/transaction';

/** Where a document lives: tenant, organization, id. */
export interface DocumentKey {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
}

/**
 * Whether the document exists; `lock` locks its row for the rest of the transaction, for a
 * migration about to move it.
 */
export async function documentExists(db: DbOrTx, key: DocumentKey, lock = false): Promise<boolean> {
  const found = await rowsOf(
    db,
    sql`select 1 from documents
      where api_key_id = ${key.apiKeyId} and organization_id = ${key.organizationId}
        and document_id = ${key.documentId}
      ${lock ? sql`for update` : sql``}`,
  );
  return found.length > 0;
}

/**
 * The statements that move a document to a new id: its own row (references bound by a foreign
 * key with ON UPDATE CASCADE, such as users' access, follow it), then every other table of
 * DOCUMENT_REFERENCES, each through its (api_key_id, organization_id, document_id) index.
 * Exported so that a test plans exactly these statements.
 */
export function moveDocumentStatements(from: DocumentKey, newDocumentId: string, now: Date): SQL[] {
  return DOCUMENT_REFERENCES.map((table) => {
    const touched =
      table === 'documents' ? sql`, updated_at = ${now.toISOString()}::timestamptz` : sql``;
    return sql`update ${sql.identifier(table)}
      set document_id = ${newDocumentId}${touched}
      where api_key_id = ${from.apiKeyId} and organization_id = ${from.organizationId}
        and document_id = ${from.documentId}`;
  });
}

/** Runs the move; the caller's transaction makes it all or nothing. */
export async function moveDocument(
  db: DbOrTx,
  from: DocumentKey,
  newDocumentId: string,
  now: Date,
): Promise<void> {
  for (const statement of moveDocumentStatements(from, newDocumentId, now)) {
    await db.execute(statement);
  }
}

export interface MigrationRow {
  status: MigrationStatus;
  failureReason: string | null;
}

/**
 * A migration job of this tenant in this organization, by primary key; undefined for any other
 * job (another key's, another organization's, another kind's) as for an unknown id.
 */
export async function findMigration(
  db: DbOrTx,
  kind: string,
  apiKeyId: string,
  organizationId: string,
  migrationId: string,
): Promise<MigrationRow | undefined> {
  const [row] = await rowsOf<MigrationRow>(
    db,
    migrationStatement(kind, apiKeyId, organizationId, migrationId),
  );
  return row;
}

/** The status read, apart so that a test can check its plan. */
export function migrationStatement(
  kind: string,
  apiKeyId: string,
  organizationId: string,
  migrationId: string,
): SQL {
  return sql`select status, failure_reason as "failureReason" from jobs
    where id = ${migrationId} and api_key_id = ${apiKeyId} and kind = ${kind}
      and input->>'organizationId' = ${organizationId}`;
}
