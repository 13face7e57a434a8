import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { MAX_MEMBERS_PER_WORKSPACE } from '#contract/team';
import type { InvitableRole, Role } from '#contract/roles';
import { workspaces } from '../../db/schema/schema';
import { members } from '../../db/schema/team-schema';
import type { DbOrTx, Tx } from '../../db/transaction';

export type MemberRow = typeof members.$inferSelect;

/** What the team's rules read of the workspace. */
export interface LockedWorkspace {
  name: string;
  ownerEmail: string;
}

/**
 * The workspace's row, locked for the rest of the transaction: the changes of one workspace's
 * members (the cap on invitations, a hand-over, a removal) run one at a time. NO KEY UPDATE: rows
 * that refer to the workspace can still be written meanwhile.
 */
export async function lockWorkspace(
  tx: Tx,
  workspaceId: string,
): Promise<LockedWorkspace | undefined> {
  const [row] = await tx
    .select({ name: workspaces.name, ownerEmail: workspaces.ownerEmail })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
  return row;
}

/**
 * Every member of a workspace along its primary key, by e-mail: at most the cap Invite Member
 * keeps, so one answer holds them all.
 */
export function membersQuery(db: DbOrTx, workspaceId: string) {
  return db
    .select()
    .from(members)
    .where(eq(members.workspaceId, workspaceId))
    .orderBy(asc(members.email))
    .limit(MAX_MEMBERS_PER_WORKSPACE);
}

export async function findMember(
  db: DbOrTx,
  workspaceId: string,
  email: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.email, email)))
    .limit(1);
  return row;
}

/** How many members and invitations a workspace holds, from its primary key's entries. */
export function membersCountQuery(db: DbOrTx, workspaceId: string) {
  return db.select({ n: count() }).from(members).where(eq(members.workspaceId, workspaceId));
}

export async function countMembers(tx: Tx, workspaceId: string): Promise<number> {
  const [row] = await membersCountQuery(tx, workspaceId);
  return row?.n ?? 0;
}

/** An invitation, new or sent again: pending until `expiresAt`, whatever it was before. */
export interface Invitation {
  workspaceId: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  invitedAt: Date;
  expiresAt: Date;
}

/**
 * Writes the invitation over a pending or expired one of the same address; never over a member
 * who has joined, though Complete Login may join one without the workspace's lock: then it
 * answers undefined.
 */
export async function writeInvitation(
  tx: Tx,
  invitation: Invitation,
): Promise<MemberRow | undefined> {
  const values = {
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    invitedAt: invitation.invitedAt,
    invitationExpiresAt: invitation.expiresAt,
  };
  const [row] = await tx
    .insert(members)
    .values({ workspaceId: invitation.workspaceId, email: invitation.email, ...values })
    .onConflictDoUpdate({
      target: [members.workspaceId, members.email],
      set: values,
      setWhere: isNull(members.joinedAt),
    })
    .returning();
  return row;
}

export async function setRole(
  tx: Tx,
  workspaceId: string,
  email: string,
  role: Role,
): Promise<MemberRow> {
  const [row] = await tx
    .update(members)
    .set({ role })
    .where(and(eq(members.workspaceId, workspaceId), eq(members.email, email)))
    .returning();
  if (!row) throw new Error('member vanished under the workspace lock');
  return row;
}

/** The owner becomes an admin, the first step of a hand-over (one owner at any moment). */
export async function demoteOwner(tx: Tx, workspaceId: string): Promise<void> {
  await tx
    .update(members)
    .set({ role: 'admin' })
    .where(and(eq(members.workspaceId, workspaceId), eq(members.role, 'owner')));
}

export async function deleteMember(tx: Tx, workspaceId: string, email: string): Promise<void> {
  await tx
    .delete(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.email, email)));
}

/**
 * The workspace's owner e-mail, which the API keys' credential and the owner's other workspaces
 * are found by. The owner's display name and avatar were the old owner's: the new owner's name is
 * their e-mail, as for a workspace created without one.
 */
export async function setWorkspaceOwner(tx: Tx, workspaceId: string, email: string) {
  await tx
    .update(workspaces)
    .set({ ownerEmail: email, ownerName: email, ownerAvatar: '' })
    .where(eq(workspaces.id, workspaceId));
}
