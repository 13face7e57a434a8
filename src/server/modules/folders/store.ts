import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AccessType } from '#contract/common';
import { apiKeyConfigs } from '../../db/schema/schema';
import { folderClosure, folders } from '../../db/schema/folders-schema';
import type { DbOrTx } from '../../db/transaction';

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
 * Every folder at most `maxDepth` levels below some folders (one, or the top-level folders when
 * the caller asks from `root`), in one read: the closure table's ranges (ancestor = each folder,
 * distance ≤ maxDepth), each row's folder fetched by primary key. The
 * fetch is a LATERAL subquery because as a plain join the planner, which cannot see how few rows
 * the range holds (ancestor and distance are correlated), hashes the organization's whole folder
 * table. In no particular order: the caller orders the rows (a sort here would be planned for
 * the same overestimate).
 */
export function subtreeQuery(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  ancestorIds: readonly string[],
  maxDepth: number,
  limit: number,
) {
  const c = folderClosure;
  const folder = db
    .select(folderColumns)
    .from(folders)
    .where(
      and(
        eq(folders.apiKeyId, c.apiKeyId),
        eq(folders.organizationId, c.organizationId),
        eq(folders.folderId, c.descendantId),
      ),
    )
    .limit(1)
    .as('folder');
  return db
    .select({
      apiKeyId: folder.apiKeyId,
      organizationId: folder.organizationId,
      folderId: folder.folderId,
      folderName: folder.folderName,
      parentFolderId: folder.parentFolderId,
      ancestors: folder.ancestors,
      depth: folder.depth,
      accessType: folder.accessType,
      inheritAccessFromParent: folder.inheritAccessFromParent,
      createdAt: folder.createdAt,
      updatedAt: folder.updatedAt,
    })
    .from(c)
    .crossJoinLateral(folder)
    .where(
      and(
        eq(c.apiKeyId, apiKeyId),
        eq(c.organizationId, organizationId),
        inArray(c.ancestorId, [...ancestorIds]),
        lte(c.distance, maxDepth),
      ),
    )
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

/** The organization's folders among `folderIds`, in folderId order, through the primary key. */
export function foldersByIdQuery(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  folderIds: readonly string[],
) {
  return db
    .select(folderColumns)
    .from(folders)
    .where(and(inOrganization(apiKeyId, organizationId), inArray(folders.folderId, [...folderIds])))
    .orderBy(asc(folders.folderId))
    .limit(folderIds.length);
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
