import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Tx } from '../../db/transaction';
import type { ApiKeyRow, WorkspaceRow } from '../../rows/tenant-store';
import { apiKeys, owners, workspaces } from '../../db/schema/schema';
import { members } from '../../db/schema/team-schema';
import type { OwnerRow } from '../../rows/owner-store';

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

export async function listOwnerWorkspaces(db: Db | Tx, email: string): Promise<WorkspaceRow[]> {
  return db
    .select()
    .from(workspaces)
    .where(eq(workspaces.ownerEmail, email))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
}

export async function insertWorkspace(tx: Tx, row: typeof workspaces.$inferInsert): Promise<void> {
  await tx.insert(workspaces).values(row);
}

/** The owner's member row, written with the workspace: active from the start. */
export async function insertOwnerMember(
  tx: Tx,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<void> {
  await tx.insert(members).values({ workspaceId, email, role: 'owner', joinedAt: now });
}
