import { sql } from 'drizzle-orm';
import { refreshStatistics } from '../../db/statistics';
import { type DbOrTx, forEachChunk } from '../../db/transaction';

/** A folder to write, its place in the tree worked out already. */
export interface NewFolder {
  folderId: string;
  folderName: string;
  /** `root` for a top-level folder. */
  parentFolderId: string;
  /** `root`, then each ancestor down to the parent; its length is the folder's depth. */
  ancestors: readonly string[];
  accessType: string;
  inheritAccessFromParent: boolean;
}

/** Folders per statement: a few hundred kilobytes of JSON, a short stall of the embedded database. */
const INSERT_CHUNK = 5000;

/** The chunk as rows of a statement: one JSON parameter expanded by jsonb_to_recordset. */
function recordset(chunk: readonly NewFolder[]) {
  const json = JSON.stringify(
    chunk.map((f) => ({
      folder_id: f.folderId,
      folder_name: f.folderName,
      parent_folder_id: f.parentFolderId,
      ancestors: f.ancestors,
      access_type: f.accessType,
      inherit: f.inheritAccessFromParent,
    })),
  );
  return sql`jsonb_to_recordset(${json}::jsonb) as x(folder_id text, folder_name text,
    parent_folder_id text, ancestors text[], access_type text, inherit boolean)`;
}

async function insertFolderRows(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  chunk: readonly NewFolder[],
  now: Date,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    insert into folders (api_key_id, organization_id, folder_id, folder_name, parent_folder_id,
      ancestors, depth, access_type, inherit_access_from_parent, created_at, updated_at)
    select ${apiKeyId}, ${organizationId}, x.folder_id, x.folder_name, x.parent_folder_id,
      x.ancestors, cardinality(x.ancestors), x.access_type, x.inherit, ${at}, ${at}
    from ${recordset(chunk)}`);
}

/** One closure row per ancestor below `root`: ancestors[n] is (depth - n + 1) levels up. */
async function insertClosureRows(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  chunk: readonly NewFolder[],
): Promise<void> {
  await db.execute(sql`
    insert into folder_closure (api_key_id, organization_id, ancestor_id, distance, descendant_id)
    select ${apiKeyId}, ${organizationId}, a.id, cardinality(x.ancestors) - a.n + 1, x.folder_id
    from ${recordset(chunk)}, unnest(x.ancestors) with ordinality as a(id, n)
    where a.n > 1`);
}

/**
 * Writes folders and their closure rows (one per ancestor below `root`, distance 1 = the
 * parent): two statements per 5,000 folders whatever their number. A folder's ancestors must be
 * stored already or come earlier in `rows` (parents first); the closure's foreign keys refuse
 * anything else. `refreshStatistics` runs refreshFolderStatistics between the statements (not
 * inside a transaction: ANALYZE keeps its lock until the end of one).
 */
export async function insertFolders(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  rows: readonly NewFolder[],
  now: Date,
  options: { refreshStatistics?: boolean } = {},
): Promise<void> {
  const refresh = options.refreshStatistics ? () => refreshFolderStatistics(db) : async () => {};
  await forEachChunk(rows, INSERT_CHUNK, async (chunk) => {
    await insertFolderRows(db, apiKeyId, organizationId, chunk, now);
    await refresh();
    await insertClosureRows(db, apiKeyId, organizationId, chunk);
  });
  await refresh();
}

/**
 * The benchmark's and seed's bulk loader: `insertFolders` outside a transaction, refreshing the
 * tables' statistics as they grow, so that loading 50,000 folders takes seconds on the embedded
 * database instead of a time that grows with the square of the count. `rows` parents first.
 */
export function loadFolders(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  rows: readonly NewFolder[],
  now: Date,
): Promise<void> {
  return insertFolders(db, apiKeyId, organizationId, rows, now, { refreshStatistics: true });
}

/** ANALYZEs the folder tables once they have grown well past their statistics (see db/statistics). */
export async function refreshFolderStatistics(db: DbOrTx): Promise<void> {
  await refreshStatistics(db, ['folders', 'folder_closure']);
}
