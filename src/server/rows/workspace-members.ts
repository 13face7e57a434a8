import { sql } from 'drizzle-orm';
import type { MemberWorkspace } from '#contract/workspace-access';
import { type DbOrTx, rowsOf } from '../db/transaction';

/*
 * What sign-in and the sessions module read of the members table (`db/schema/team-schema.ts`);
 * the team module owns the rest of it. Each reads a person's rows along `members_email_idx`.
 */

/** By when the workspace was made: the person's first workspace leads. */
const order = sql`order by w.created_at, w.id`;

/**
 * A sign-in of `email`: its invitations that have not expired become memberships (joined now),
 * and every membership records the sign-in. Answers the person's workspaces with their role.
 */
export async function signInMemberships(
  db: DbOrTx,
  email: string,
  now: Date,
): Promise<MemberWorkspace[]> {
  return rowsOf<MemberWorkspace>(
    db,
    sql`with joined as (
        update members set joined_at = coalesce(joined_at, ${now}), invitation_expires_at = null,
          last_sign_in_at = ${now}
        where email = ${email} and (joined_at is not null or invitation_expires_at > ${now})
        returning workspace_id, role)
      select w.id, w.name, j.role from joined j join workspaces w on w.id = j.workspace_id ${order}`,
  );
}

/** The workspaces `email` is an active member of, with their role in each. */
export async function activeMemberships(db: DbOrTx, email: string): Promise<MemberWorkspace[]> {
  return rowsOf<MemberWorkspace>(
    db,
    sql`select w.id, w.name, m.role from members m join workspaces w on w.id = m.workspace_id
      where m.email = ${email} and m.joined_at is not null ${order}`,
  );
}

/** Whether `email` is a member of the workspace: `active` (joined), `invited`, or undefined. */
export async function membership(
  db: DbOrTx,
  workspaceId: string,
  email: string,
): Promise<'active' | 'invited' | undefined> {
  const [row] = await rowsOf<{ joined: boolean }>(
    db,
    sql`select joined_at is not null as joined from members
      where workspace_id = ${workspaceId} and email = ${email}`,
  );
  return row === undefined ? undefined : row.joined ? 'active' : 'invited';
}
