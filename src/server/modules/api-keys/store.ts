import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { apiKeys } from '../../db/schema/schema';
import type { Tx } from '../../db/transaction';
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
