import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { webhookEndpoints } from '../../db/schema/webhooks-schema';
import { webhookServiceConfigs } from '../../db/schema/webhook-service-schema';
import type { Tx } from '../../db/transaction';

export type ServiceConfigRow = typeof webhookServiceConfigs.$inferSelect;
export type BasicKind = 'basic_raw' | 'basic_processed';
export type BasicTargetRow = typeof webhookEndpoints.$inferSelect;

export async function readServiceConfig(
  db: Db | Tx,
  apiKeyId: string,
): Promise<ServiceConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookServiceConfigs)
    .where(eq(webhookServiceConfigs.apiKeyId, apiKeyId))
    .limit(1);
  return row;
}

/** The row, locked until the transaction ends; created with the defaults first if missing. */
export async function lockServiceConfig(
  tx: Tx,
  apiKeyId: string,
  now: Date,
): Promise<ServiceConfigRow> {
  await tx.insert(webhookServiceConfigs).values({ apiKeyId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(webhookServiceConfigs)
    .where(eq(webhookServiceConfigs.apiKeyId, apiKeyId))
    .for('update');
  if (!row) throw new Error('webhook service config row vanished inside its transaction');
  return row;
}

export async function writeServiceConfig(
  tx: Tx,
  apiKeyId: string,
  fields: Partial<Omit<ServiceConfigRow, 'apiKeyId'>>,
): Promise<void> {
  await tx
    .update(webhookServiceConfigs)
    .set(fields)
    .where(eq(webhookServiceConfigs.apiKeyId, apiKeyId));
}

/** The key's basic delivery targets (its raw and processed URLs), by kind. */
export async function readBasicTargets(
  db: Db | Tx,
  apiKeyId: string,
): Promise<Partial<Record<BasicKind, BasicTargetRow>>> {
  const rows = await basicTargetsQuery(db, apiKeyId);
  return Object.fromEntries(rows.map((r) => [r.kind, r]));
}

/** The query of readBasicTargets, apart so that a test can check its plan (`getSQL()`). */
export function basicTargetsQuery(db: Db | Tx, apiKeyId: string) {
  const t = webhookEndpoints;
  return db
    .select()
    .from(t)
    .where(and(eq(t.apiKeyId, apiKeyId), ne(t.kind, 'advanced')));
}

/**
 * Points the key's target of one kind at `url`; '' disables it (the row, and with it the delivery
 * log, stays). The row is created on the first URL; its id names it in the delivery log.
 */
export async function saveBasicTarget(
  tx: Tx,
  target: { apiKeyId: string; kind: BasicKind; id: string; url: string; now: Date },
): Promise<void> {
  const { apiKeyId, kind, id, url, now } = target;
  await tx
    .insert(webhookEndpoints)
    .values({
      id,
      apiKeyId,
      kind,
      url,
      disabled: url === '',
      // Basic deliveries are not signed: the service's auth token authenticates them.
      secretEnc: '',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [webhookEndpoints.apiKeyId, webhookEndpoints.kind],
      targetWhere: ne(webhookEndpoints.kind, 'advanced'),
      set: { url, disabled: url === '', updatedAt: now },
    });
}
