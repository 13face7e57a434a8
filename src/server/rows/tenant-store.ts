import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/db';
import { apiKeys, workspaces } from '../db/schema/schema';
import type { Tx } from '../db/transaction';

/**
 * The tenancy rows every area hangs off: workspaces and their API keys. The workspace and
 * api-keys modules both write them; kept here so that neither imports the other.
 */
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function findWorkspace(db: Db | Tx, id: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
  return row;
}

export async function countProductionKeys(db: Db | Tx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.type, 'production')));
  return row?.n ?? 0;
}

export async function insertApiKey(tx: Db | Tx, row: typeof apiKeys.$inferInsert): Promise<void> {
  await tx.insert(apiKeys).values(row);
}
