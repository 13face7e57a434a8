import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { apiKeyConfigs } from '../../db/schema';
import type { Tx } from '../../db/transaction';

export type ApiKeyConfigRow = typeof apiKeyConfigs.$inferSelect;
export type ApiKeyConfigChanges = Partial<Omit<ApiKeyConfigRow, 'apiKeyId'>>;

export async function readConfig(db: Db | Tx, apiKeyId: string): Promise<ApiKeyConfigRow> {
  const [row] = await db
    .select()
    .from(apiKeyConfigs)
    .where(eq(apiKeyConfigs.apiKeyId, apiKeyId))
    .limit(1);
  return row ?? defaultsFor(apiKeyId);
}

function defaultsFor(apiKeyId: string): ApiKeyConfigRow {
  return {
    apiKeyId,
    enablePrivateComments: false,
    requireJwtToken: false,
    requireAutoOrgUser: false,
    defaultDocumentAccessType: 'public',
    aiKeys: {},
    usePermissionProvider: false,
    permissionProviderUrl: '',
    permissionProviderTokenEnc: null,
    permissionProviderTokenMask: '',
    updatedAt: new Date(0),
  };
}

/** Reads the row for a read-modify-write, locked until the transaction ends. */
export async function lockConfig(tx: Tx, apiKeyId: string): Promise<ApiKeyConfigRow> {
  const lock = () =>
    tx.select().from(apiKeyConfigs).where(eq(apiKeyConfigs.apiKeyId, apiKeyId)).for('update');
  // A key's first change creates its row; every later one finds it, one round trip sooner.
  const [found] = await lock();
  if (found) return found;
  await tx.insert(apiKeyConfigs).values({ apiKeyId }).onConflictDoNothing();
  const [row] = await lock();
  if (!row) throw new Error('config row vanished inside its transaction');
  return row;
}

export async function writeConfig(
  tx: Tx,
  apiKeyId: string,
  changes: ApiKeyConfigChanges,
): Promise<ApiKeyConfigRow> {
  const [row] = await tx
    .update(apiKeyConfigs)
    .set(changes)
    .where(eq(apiKeyConfigs.apiKeyId, apiKeyId))
    .returning();
  if (!row) throw new Error('config row vanished inside its transaction');
  return row;
}
