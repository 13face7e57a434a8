import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AccessType } from '../../../contract/common';
import { apiKeyConfigs } from '../../db/schema';
import { folderClosure, folders } from '../../db/folders-schema';
import { type DbOrTx, forEachChunk } from '../../db/transaction';

export type FolderRow = typeof folders.$inferSelect;

/** The columns every read answers: the whole row. */
const folderColumns = {
  apiKeyId: folders.apiKeyId,
  organizationId: folders.organizationId,
  folderId: folders.folderId,
  folderName: folders.folderName,
  parentFolderId: folders.parentFolderId,
  ancestors: folders.ancestors,
  depth: folders.depth,
  accessType: folders.accessType,
  inheritAccessFromParent: folders.inheritAccessFromParent,
  createdAt: folders.createdAt,
  updatedAt: folders.updatedAt,
};

const inOrganization = (apiKeyId: string, organizationId: string) =>
  and(eq(folders.apiKeyId, apiKeyId), eq(folders.organizationId, organizationId));

/**
 * One chunk of the organization's folders in folderId order, after `after` (keyset, from the
 * primary key). The flat listing reads the organization chunk by chunk.
 */
export function flatListQuery(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  after: string | undefined,
  limit: number,
) {
  return db
    .select(folderColumns)
    .from(folders)
    .where(
      and(
        inOrganization(apiKeyId, organizationId),
        after === undefined ? undefined : gt(folders.folderId, after),
      ),
    )
    .orderBy(asc(folders.folderId))
    .limit(limit);
}

/** The immediate children of a folder in folderId order, from the parent index (v1's one level). */
export function childrenQuery(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
  limit: number,
) {
  return db
    .select(folderColumns)
    .from(folders)
    .where(and(inOrganization(apiKeyId, organizationId), eq(folders.parentFolderId, folderId)))
    .orderBy(asc(folders.folderId))
    .limit(limit);
}

/**
 * Every folder at most `maxDepth` levels below a folder, in one read: the closure table's range
 * (ancestor = the folder, distance ≤ maxDepth), joined to the folder rows. In the closure key's
 * order (level by level, then folderId), so that a parent comes before its children and siblings
 * come in folderId order without a sort.
 */
export function subtreeQuery(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
  maxDepth: number,
  limit: number,
) {
  const c = folderClosure;
  return db
    .select(folderColumns)
    .from(c)
    .innerJoin(
      folders,
      and(
        eq(folders.apiKeyId, c.apiKeyId),
        eq(folders.organizationId, c.organizationId),
        eq(folders.folderId, c.descendantId),
      ),
    )
    .where(
      and(
        eq(c.apiKeyId, apiKeyId),
        eq(c.organizationId, organizationId),
        eq(c.ancestorId, folderId),
        lte(c.distance, maxDepth),
      ),
    )
    .orderBy(asc(c.distance), asc(c.descendantId))
    .limit(limit);
}

export async function findFolder(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
): Promise<FolderRow | undefined> {
  const [row] = await db
    .select(folderColumns)
    .from(folders)
    .where(and(inOrganization(apiKeyId, organizationId), eq(folders.folderId, folderId)))
    .limit(1);
  return row;
}

/** What a new folder needs of a folder already stored: to exist, its chain and its access. */
export type StoredFolder = Pick<FolderRow, 'folderId' | 'ancestors' | 'accessType'>;

/** The stored folders among `folderIds` (those a call adds and the parents it names). */
export async function findFolders(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  folderIds: readonly string[],
): Promise<Map<string, StoredFolder>> {
  const found = new Map<string, StoredFolder>();
  if (folderIds.length === 0) return found;
  const rows = await db
    .select({
      folderId: folders.folderId,
      ancestors: folders.ancestors,
      accessType: folders.accessType,
    })
    .from(folders)
    .where(and(inOrganization(apiKeyId, organizationId), inArray(folders.folderId, [...folderIds])))
    .limit(folderIds.length);
  for (const row of rows) found.set(row.folderId, row);
  return found;
}

/**
 * Makes the calls that add folders to one organization wait for each other (until the
 * transaction ends), so that two calls cannot both add a folder id, or read a parent's state
 * the other is about to write.
 */
export async function lockFolderWrites(
  tx: DbOrTx,
  apiKeyId: string,
  organizationId: string,
): Promise<void> {
  const key = JSON.stringify(['folders', apiKeyId, organizationId]);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The access a top-level folder takes when the call gives none: the API key's default. */
export async function defaultAccessType(db: DbOrTx, apiKeyId: string): Promise<AccessType> {
  const [row] = await db
    .select({ accessType: apiKeyConfigs.defaultDocumentAccessType })
    .from(apiKeyConfigs)
    .where(eq(apiKeyConfigs.apiKeyId, apiKeyId))
    .limit(1);
  return row?.accessType ?? 'public';
}

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

/**
 * Writes folders and their closure rows (one per ancestor below `root`, distance 1 = the parent).
 * Each chunk travels as one JSON parameter, expanded by jsonb_to_recordset: two statements per
 * 5,000 folders whatever their number, which also makes this the bulk loader of the benchmark.
 * A folder's ancestors must be stored already or come earlier in `rows` (parents first); the
 * closure's foreign keys refuse anything else.
 */
export async function insertFolders(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  rows: readonly NewFolder[],
  now: Date,
): Promise<void> {
  await forEachChunk(rows, INSERT_CHUNK, async (chunk) => {
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
    const recordset = sql`jsonb_to_recordset(${json}::jsonb) as x(folder_id text,
      folder_name text, parent_folder_id text, ancestors text[], access_type text, inherit boolean)`;
    const at = sql`${now.toISOString()}::timestamptz`;
    await db.execute(sql`
      insert into folders (api_key_id, organization_id, folder_id, folder_name, parent_folder_id,
        ancestors, depth, access_type, inherit_access_from_parent, created_at, updated_at)
      select ${apiKeyId}, ${organizationId}, x.folder_id, x.folder_name, x.parent_folder_id,
        x.ancestors, cardinality(x.ancestors), x.access_type, x.inherit, ${at}, ${at}
      from ${recordset}`);
    // ancestors[1] is root, which is no folder; ancestors[n] is (depth - n + 1) levels up.
    await db.execute(sql`
      insert into folder_closure (api_key_id, organization_id, ancestor_id, distance, descendant_id)
      select ${apiKeyId}, ${organizationId}, a.id, cardinality(x.ancestors) - a.n + 1, x.folder_id
      from ${recordset}, unnest(x.ancestors) with ordinality as a(id, n)
      where a.n > 1`);
  });
}
