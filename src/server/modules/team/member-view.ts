import type { Member, MemberStatus } from '#contract/team';
import type { MemberRow } from './store';

/**
 * A member's status from the columns at `now`: active from the first sign-in, invited until the
 * invitation's expiry, expired after it. Computed on every read, never stored, so an invitation
 * expires on time without a job.
 */
export function statusOf(row: MemberRow, now: Date): MemberStatus {
  if (row.joinedAt) return 'active';
  const expires = row.invitationExpiresAt;
  return expires && expires.getTime() > now.getTime() ? 'invited' : 'expired';
}

export function toMember(row: MemberRow, now: Date): Member {
  return {
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    invitedBy: row.invitedBy,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}
