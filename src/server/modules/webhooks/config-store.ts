import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { webhookConfigs } from '../../db/schema/webhooks-schema';
import type { Tx } from '../../db/transaction';

export type WebhookConfigRow = typeof webhookConfigs.$inferSelect;
export type WebhookConfigFields = Omit<WebhookConfigRow, 'apiKeyId'>;

export async function readWebhookConfig(
  db: Db | Tx,
  apiKeyId: string,
): Promise<WebhookConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookConfigs)
    .where(eq(webhookConfigs.apiKeyId, apiKeyId))
    .limit(1);
  return row;
}

/** The row for a read-modify-write, locked until the transaction ends; undefined if never saved. */
export async function lockWebhookConfig(
  tx: Tx,
  apiKeyId: string,
): Promise<WebhookConfigRow | undefined> {
  const [row] = await tx
    .select()
    .from(webhookConfigs)
    .where(eq(webhookConfigs.apiKeyId, apiKeyId))
    .for('update');
  return row;
}

/** Creates the row with the defaults unless it exists; the caller then locks it. */
export async function insertDefaultWebhookConfig(tx: Tx, apiKeyId: string, now: Date) {
  await tx.insert(webhookConfigs).values({ apiKeyId, updatedAt: now }).onConflictDoNothing();
}

export async function writeWebhookConfig(
  tx: Tx,
  apiKeyId: string,
  fields: Partial<WebhookConfigFields>,
): Promise<WebhookConfigRow> {
  const [row] = await tx
    .update(webhookConfigs)
    .set(fields)
    .where(eq(webhookConfigs.apiKeyId, apiKeyId))
    .returning();
  if (!row) throw new Error('webhook config row vanished inside its transaction');
  return row;
}
