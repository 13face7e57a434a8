import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { allowedDomains } from '../../db/schema/allowed-domains-schema';
import { apiKeys } from '../../db/schema/schema';
import type { DbOrTx } from '../../db/transaction';

/** A key's allowed domains in domain order, through the primary key (at most MAX_ALLOWED_DOMAINS). */
export function allowedDomainsStatement(db: DbOrTx, apiKeyId: string) {
  return db
    .select({ domain: allowedDomains.domain })
    .from(allowedDomains)
    .where(eq(allowedDomains.apiKeyId, apiKeyId))
    .orderBy(asc(allowedDomains.domain));
}

export async function allowedDomainsOf(db: DbOrTx, apiKeyId: string): Promise<string[]> {
  return (await allowedDomainsStatement(db, apiKeyId)).map((r) => r.domain);
}

/** Holds the key's row until the transaction ends: concurrent adds then count one after another. */
export async function lockKeyDomains(db: DbOrTx, apiKeyId: string): Promise<void> {
  await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, apiKeyId)).for('update');
}

/** Inserts the domains the key does not allow yet; answers those it inserted. */
export async function insertDomains(
  db: DbOrTx,
  apiKeyId: string,
  domains: readonly string[],
  at: Date,
): Promise<Set<string>> {
  if (domains.length === 0) return new Set();
  const inserted = await db
    .insert(allowedDomains)
    .values(domains.map((domain) => ({ apiKeyId, domain, createdAt: at })))
    .onConflictDoNothing()
    .returning({ domain: allowedDomains.domain });
  return new Set(inserted.map((r) => r.domain));
}

export async function countDomains(db: DbOrTx, apiKeyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(allowedDomains)
    .where(eq(allowedDomains.apiKeyId, apiKeyId));
  return row?.n ?? 0;
}

/** Deletes those of the domains the key allows; answers those it deleted. */
export async function deleteDomains(
  db: DbOrTx,
  apiKeyId: string,
  domains: readonly string[],
): Promise<Set<string>> {
  const deleted = await db
    .delete(allowedDomains)
    .where(and(eq(allowedDomains.apiKeyId, apiKeyId), inArray(allowedDomains.domain, [...domains])))
    .returning({ domain: allowedDomains.domain });
  return new Set(deleted.map((r) => r.domain));
}
