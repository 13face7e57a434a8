import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Tx } from '../../db/transaction';
import type { ApiKeyRow, WorkspaceRow } from '../../rows/tenant-store';
import { apiKeys, owners, workspaces } from '../../db/schema/schema';

export type OwnerRow = typeof owners.$inferSelect;

export async function findWorkspaceWithOwner(
  db: Db | Tx,
  id: string,
): Promise<{ workspace: WorkspaceRow; ownerId: string } | undefined> {
  const [row] = await db
    .select({ workspace: workspaces, ownerId: owners.id })
    .from(workspaces)
    .innerJoin(owners, eq(owners.email, workspaces.ownerEmail))
    .where(eq(workspaces.id, id))
    .limit(1);
  return row;
}

export async function listApiKeys(db: Db | Tx, workspaceId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function findOwner(db: Db | Tx, email: string): Promise<OwnerRow | undefined> {
  const [row] = await db.select().from(owners).where(eq(owners.email, email)).limit(1);
  return row;
}

/**
 * Creates the owner row if needed and locks it for the rest of the transaction, so that concurrent
 * creates for one e-mail are serialised and can never pass the limits together.
 */
export async function lockOwner(
  tx: Tx,
  email: string,
  newOwnerId: string,
  now: Date,
): Promise<OwnerRow> {
  await tx.insert(owners).values({ email, id: newOwnerId, createdAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(owners).where(eq(owners.email, email)).for('update');
  if (!row) throw new Error('owner row vanished inside its transaction');
  return row;
}

export async function listOwnerWorkspaces(db: Db | Tx, email: string): Promise<WorkspaceRow[]> {
  return db
    .select()
    .from(workspaces)
    .where(eq(workspaces.ownerEmail, email))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
}

export async function workspaceNameTaken(tx: Tx, email: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.ownerEmail, email), sql`lower(${workspaces.name}) = lower(${name})`))
    .limit(1);
  return row !== undefined;
}

export async function insertWorkspace(tx: Tx, row: typeof workspaces.$inferInsert): Promise<void> {
  await tx.insert(workspaces).values(row);
}
