import type { HealthResets } from './endpoint-health-view';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { webhookEndpoints } from '../../db/schema/webhooks-schema';
import type { Tx } from '../../db/transaction';
import type { Cursor } from './iterator';
import { afterPosition, rowsToFetch } from '../../db/keyset';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpointRow = typeof webhookEndpoints.$inferInsert;
export type EndpointChanges = Partial<
  Pick<
    EndpointRow,
    | 'url'
    | 'description'
    | 'filterTypes'
    | 'channels'
    | 'disabled'
    | 'rateLimit'
    | 'uid'
    | 'metadata'
    | 'updatedAt'
  >
> &
  HealthResets;

/** The basic webhook service's URLs are endpoint rows too; these calls never see them. */
const advanced = eq(webhookEndpoints.kind, 'advanced');

export async function countEndpoints(db: Db | Tx, apiKeyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.apiKeyId, apiKeyId), advanced));
  return row?.n ?? 0;
}

/** Inserts the endpoint; undefined when its uid is taken by another endpoint of the same key. */
export async function insertEndpoint(
  db: Db | Tx,
  row: NewEndpointRow,
): Promise<EndpointRow | undefined> {
  const [saved] = await db.insert(webhookEndpoints).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function findEndpoint(
  db: Db | Tx,
  apiKeyId: string,
  endpointId: string,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.apiKeyId, apiKeyId), advanced),
    )
    .limit(1);
  return row;
}

export async function updateEndpoint(
  db: Db | Tx,
  apiKeyId: string,
  endpointId: string,
  changes: EndpointChanges,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(changes)
    .where(
      and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.apiKeyId, apiKeyId), advanced),
    )
    .returning();
  return row;
}

export async function deleteEndpoint(
  db: Db | Tx,
  apiKeyId: string,
  endpointId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.apiKeyId, apiKeyId), advanced),
    )
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** The current secret becomes the previous one, which signs beside the new one until `expiresAt`. */
export async function rotateEndpointSecret(
  db: Db | Tx,
  apiKeyId: string,
  endpointId: string,
  rotation: { secretEnc: string; expiresAt: Date; now: Date },
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecretEnc: sql`${webhookEndpoints.secretEnc}`,
      previousSecretExpiresAt: rotation.expiresAt,
      secretEnc: rotation.secretEnc,
      updatedAt: rotation.now,
    })
    .where(
      and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.apiKeyId, apiKeyId), advanced),
    )
    .returning();
  return row;
}

/**
 * One page of the key's endpoints in (createdAt, id) order, read from the index on
 * (api_key_id, created_at, id). Asks for one row more than the page to know whether more follow.
 */
export async function listEndpointsPage(
  db: Db | Tx,
  apiKeyId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<EndpointRow[]> {
  const t = webhookEndpoints;
  const backwards = cursor?.direction === 'prev';
  const position = cursor
    ? afterPosition(
        [t.createdAt, t.id],
        [sql`${new Date(cursor.createdAtMs).toISOString()}::timestamptz`, cursor.id],
        backwards ? 'desc' : 'asc',
      )
    : undefined;
  const order = backwards ? [desc(t.createdAt), desc(t.id)] : [asc(t.createdAt), asc(t.id)];
  return db
    .select()
    .from(t)
    .where(and(eq(t.apiKeyId, apiKeyId), advanced, position))
    .orderBy(...order)
    .limit(rowsToFetch(limit));
}
