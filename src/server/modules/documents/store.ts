import { sql } from 'drizzle-orm';
import type { Document } from '#contract/documents';
import { rowsToFetch } from '../../db/keyset';
import { driverStatement } from '../../db/prepared';
import { type DbOrTx, forEachChunk, rowsOf } from '../../db/transaction';

/** Documents per INSERT of a bulk load: one statement of a million rows would stall the loop. */
const DOCUMENTS_PER_STATEMENT = 5000;

/** A run of documents as parallel columns, one entry per document in each. */
export interface DocumentColumns {
  documentIds: readonly string[];
  documentNames: readonly string[];
  /** null for a document outside any folder. */
  folderIds: readonly (string | null)[];
  accessTypes: readonly string[];
}

/**
 * Inserts the documents whose id is free in the organization and answers the ids it inserted; a
 * document whose id exists keeps its row. Add Documents and bulk loads (the benchmark) both
 * write through it. The columns travel as JSON arrays zipped by `rows from`, so a chunk is one
 * statement with four parameters whatever its length.
 */
export async function insertDocumentColumns(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  columns: DocumentColumns,
  now: Date,
): Promise<string[]> {
  const inserted: string[] = [];
  const at = now.toISOString();
  const positions = columns.documentIds.map((_, i) => i);
  await forEachChunk(positions, DOCUMENTS_PER_STATEMENT, async (chunk) => {
    const pick = (column: readonly unknown[]) =>
      JSON.stringify(chunk.map((i) => column[i] ?? null));
    const added = await rowsOf<{ document_id: string }>(
      db,
      sql`insert into documents (api_key_id, organization_id, document_id, document_name,
          folder_id, access_type, disabled, created_at, updated_at)
        select ${apiKeyId}, ${organizationId}, d.document_id, d.document_name, d.folder_id,
          d.access_type, false, ${at}::timestamptz, ${at}::timestamptz
        from rows from (
          jsonb_array_elements_text(${pick(columns.documentIds)}::jsonb),
          jsonb_array_elements_text(${pick(columns.documentNames)}::jsonb),
          jsonb_array_elements_text(${pick(columns.folderIds)}::jsonb),
          jsonb_array_elements_text(${pick(columns.accessTypes)}::jsonb)
        ) as d(document_id, document_name, folder_id, access_type)
        on conflict do nothing
        returning document_id`,
    );
    for (const row of added) inserted.push(row.document_id);
  });
  return inserted;
}

/** What one page of Get Documents reads. */
export interface DocumentsQuery {
  apiKeyId: string;
  organizationId: string;
  folderId?: string | undefined;
  documentIds?: readonly string[] | undefined;
  /** The last document id of the previous page. */
  after?: string | undefined;
  limit: number;
}

/** A statement of fixed text (`$1`, `$2` …) and its values. */
export interface PageStatement {
  text: string;
  params: unknown[];
}

/** A shape of page query (which filters it has): its statement's text and that text's runner. */
interface PageShape {
  text: string;
  run: (db: DbOrTx, params: unknown[]) => Promise<Document[]>;
}

/** Each shape's statement, built once. */
const pageShapes = new Map<string, PageShape>();

function pageShape(folder: boolean, named: boolean, after: boolean): PageShape {
  const key = `${String(folder)} ${String(named)} ${String(after)}`;
  const known = pageShapes.get(key);
  if (known !== undefined) return known;
  const filters = ['api_key_id = $1', 'organization_id = $2'];
  const param = () => `$${String(filters.length + 1)}`;
  if (folder) filters.push(`folder_id = ${param()}`);
  if (named) filters.push(`document_id = any(${param()}::text[])`);
  if (after) filters.push(`document_id > ${param()}`);
  const text = `select document_id as id, document_id as "documentId",
      document_name as "documentName", disabled, access_type as "accessType"
    from documents
    where ${filters.join(' and ')}
    order by document_id
    limit ${param()}`;
  const shape = { text, run: driverStatement<Document>(text) };
  pageShapes.set(key, shape);
  return shape;
}

/** A query's shape and the values of its statement. */
function pageOf(q: DocumentsQuery): { shape: PageShape; params: unknown[] } {
  const params: unknown[] = [q.apiKeyId, q.organizationId];
  if (q.folderId !== undefined) params.push(q.folderId);
  if (q.documentIds !== undefined) params.push(q.documentIds);
  if (q.after !== undefined) params.push(q.after);
  params.push(rowsToFetch(q.limit));
  const shape = pageShape(
    q.folderId !== undefined,
    q.documentIds !== undefined,
    q.after !== undefined,
  );
  return { shape, params };
}

/**
 * One page in document id order, one row more than the page: the primary key serves the whole
 * organization and `documentIds`, `documents_folder_idx` a folder. Its text depends only on which
 * filters the query has (the named documents travel as one array), so each shape is one named
 * statement, prepared once per connection: none of its plans depends on the values (equality on
 * the index's leading columns, a keyset bound on its next, a limit). Exported so that a test
 * plans exactly this statement.
 */
export function documentsPageStatement(q: DocumentsQuery): PageStatement {
  const { shape, params } = pageOf(q);
  return { text: shape.text, params };
}

export function readDocumentsPage(db: DbOrTx, q: DocumentsQuery): Promise<Document[]> {
  const { shape, params } = pageOf(q);
  return shape.run(db, params);
}

/**
 * The access type of a folder of the organization (its own, or what it inherited); undefined
 * when there is no such folder. `lock` keeps the folder from being deleted until the transaction
 * ends, for a write that puts documents in it. Read here rather than through the folders module:
 * modules do not import each other.
 */
export async function folderAccessType(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
  lock = false,
): Promise<string | undefined> {
  const [row] = await rowsOf<{ access_type: string }>(
    db,
    sql`select access_type from folders
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and folder_id = ${folderId}
      ${lock ? sql`for key share` : sql``}`,
  );
  return row?.access_type;
}

/** The API key's `defaultDocumentAccessType`; `public` for a key that never configured it. */
export async function defaultAccessType(db: DbOrTx, apiKeyId: string): Promise<string> {
  const [row] = await rowsOf<{ default_document_access_type: string }>(
    db,
    sql`select default_document_access_type from api_key_configs where api_key_id = ${apiKeyId}`,
  );
  return row?.default_document_access_type ?? 'public';
}
