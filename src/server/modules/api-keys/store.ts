import { type SQL, and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { afterPosition } from '../../db/keyset';
import { apiKeys } from '../../db/schema/schema';
import type { DbOrTx, Tx } from '../../db/transaction';
import type { ApiKeyRow } from '../../rows/tenant-store';

export async function findWorkspaceKey(
  db: Db | Tx,
  workspaceId: string,
  apiKeyId: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.workspaceId, workspaceId)))
    .limit(1);
  return row;
}

export async function replaceToken(
  db: Db | Tx,
  apiKeyId: string,
  token: { enc: string; hash: string },
): Promise<void> {
  await db
    .update(apiKeys)
    .set({ authTokenEnc: token.enc, authTokenHash: token.hash })
    .where(eq(apiKeys.id, apiKeyId));
}

export async function countNonProductionKeys(tx: Tx, workspaceId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), ne(apiKeys.type, 'production')));
  return row?.n ?? 0;
}

export interface ApiKeyPageQuery {
  workspaceId: string;
  ids: readonly string[] | undefined;
  /** The last row of the previous page: its creation time as the database writes it, and id. */
  after: readonly [string, string] | undefined;
  limit: number;
}

/**
 * A page of a workspace's keys, oldest first as the workspace lists them, through
 * `api_keys_workspace_created_idx`. The position's time travels as the database's own text, so
 * that microseconds (PostgreSQL's `now()`) survive the round trip through a page token.
 */
export function apiKeyPageStatement(db: DbOrTx, q: ApiKeyPageQuery) {
  const conditions: SQL[] = [eq(apiKeys.workspaceId, q.workspaceId)];
  if (q.ids) conditions.push(inArray(apiKeys.id, [...q.ids]));
  if (q.after) {
    conditions.push(
      afterPosition(
        [apiKeys.createdAt, apiKeys.id],
        [sql`${q.after[0]}::timestamptz`, q.after[1]],
        'asc',
      ),
    );
  }
  return db
    .select({
      id: apiKeys.id,
      apiKeyName: apiKeys.name,
      type: apiKeys.type,
      createdAt: sql<string>`${apiKeys.createdAt}::text`,
    })
    .from(apiKeys)
    .where(and(...conditions))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    .limit(q.limit);
}

/** Renames a key of the workspace; answers whether the workspace holds it. */
export async function renameApiKey(
  db: DbOrTx,
  workspaceId: string,
  apiKeyId: string,
  name: string,
): Promise<{ from: string } | undefined> {
  const [before] = await db
    .select({ name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.workspaceId, workspaceId)))
    .for('update');
  if (!before) return undefined;
  await db.update(apiKeys).set({ name }).where(eq(apiKeys.id, apiKeyId));
  return { from: before.name };
}
