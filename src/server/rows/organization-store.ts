import { and, eq, sql } from 'drizzle-orm';
import { organizations } from '../db/schema/organizations-schema';
import { type DbOrTx, rowsOf } from '../db/transaction';

/**
 * The organization rows other areas need (folders, documents and users live in organizations):
 * whether one exists, and creating one on the fly for `createOrganization: true`. The
 * organizations module owns the rest; kept here so that no module imports another.
 */
export async function organizationExists(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.organizationId })
    .from(organizations)
    .where(
      and(eq(organizations.apiKeyId, apiKeyId), eq(organizations.organizationId, organizationId)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Makes sure the organization exists, creating it named after its id when it does not, and
 * locks its row for the rest of the transaction, so that a concurrent Delete Organizations waits
 * for the writes that follow instead of leaving them without their organization.
 */
export async function ensureOrganization(
  tx: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(organizations)
    .values({
      apiKeyId,
      organizationId,
      organizationName: organizationId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  await lockOrganization(tx, apiKeyId, organizationId);
}

/**
 * Locks an existing organization's row (FOR KEY SHARE: writers of its data do not block each
 * other, only its deletion) and answers whether it exists.
 */
export async function lockOrganization(
  tx: DbOrTx,
  apiKeyId: string,
  organizationId: string,
): Promise<boolean> {
  const found = await rowsOf(
    tx,
    sql`select 1 from organizations
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
      for key share`,
  );
  return found.length > 0;
}
