import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { owners, workspaces } from '../db/schema/schema';
import type { Tx } from '../db/transaction';

/**
 * The owners of workspaces, as Create Workspace makes one and Update Member hands a workspace to
 * another: kept here so that the workspace and team modules share one set of rules.
 */
export type OwnerRow = typeof owners.$inferSelect;

/** Workspaces one e-mail may own, made or handed over. */
export const maxWorkspacesPerEmail = 5;

/**
 * Creates the owner row if needed and locks it for the rest of the transaction, so that
 * concurrent creates and hand-overs for one e-mail are serialised and can never pass the limits
 * together. `verifiedAt`, when the caller knows the address was proven (a member who signed in
 * through a login link), marks an unverified owner verified.
 */
export async function lockOwner(
  tx: Tx,
  email: string,
  newOwnerId: string,
  now: Date,
  verifiedAt: Date | null = null,
): Promise<OwnerRow> {
  const [row] = await tx
    .insert(owners)
    .values({ email, id: newOwnerId, createdAt: now, verifiedAt })
    .onConflictDoUpdate({
      target: owners.email,
      set: { verifiedAt: sql`coalesce(${owners.verifiedAt}, excluded.verified_at)` },
    })
    .returning();
  if (!row) throw new Error('owner row not written');
  return row;
}

export async function countOwnedWorkspaces(db: Db | Tx, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaces)
    .where(eq(workspaces.ownerEmail, email));
  return row?.n ?? 0;
}

/** Names are unique per owner, whatever their case (the index `workspaces_owner_name_uq`). */
export async function workspaceNameTaken(tx: Tx, email: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.ownerEmail, email), sql`lower(${workspaces.name}) = lower(${name})`))
    .limit(1);
  return row !== undefined;
}
