import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/transaction';

/**
 * The document rows other areas need (notifications live in a document): locking an existing
 * one, and creating one on the fly for `createDocument: true`. The documents module owns the
 * rest; kept here so that no module imports another.
 */
export async function lockDocument(
  tx: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
): Promise<boolean> {
  // FOR KEY SHARE: writers of the document's data do not block each other, only a migration
  // (which locks the row FOR UPDATE) waits until they commit, and then moves what they wrote.
  const found = await rowsOf(
    tx,
    sql`select 1 from documents
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and document_id = ${documentId}
      for key share`,
  );
  return found.length > 0;
}

/**
 * Makes sure the document exists in the (existing, locked) organization, creating it outside any
 * folder, named after its id and with the API key's default access type, as Add Documents would;
 * then locks its row for the rest of the transaction.
 */
export async function ensureDocument(
  tx: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await tx.execute(sql`
    insert into documents (api_key_id, organization_id, document_id, document_name, folder_id,
      access_type, disabled, created_at, updated_at)
    values (${apiKeyId}, ${organizationId}, ${documentId}, ${documentId}, null,
      coalesce((select default_document_access_type from api_key_configs
        where api_key_id = ${apiKeyId}), 'public'),
      false, ${at}::timestamptz, ${at}::timestamptz)
    on conflict do nothing`);
  await lockDocument(tx, apiKeyId, organizationId, documentId);
}
