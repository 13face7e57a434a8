import type { MemberStatus } from '#contract/team';
import type { AuditNote } from '../../audit/audit-note';
import { ServiceError } from '../../http/service-error';
import { normalizeEmail } from '../../mail/addresses';
import type { Services } from '../../services';
import { requireWorkspace, unknownMember } from './member-checks';
import { statusOf } from './member-view';
import { deleteMember, findMember } from './store';

/**
 * Removes a member, or cancels a pending or expired invitation. Access ends with the row: every
 * request of a session reads the caller's role from it. The person's sessions stay, since they
 * may belong to other workspaces. Answers the address as stored and the status it had.
 */
export async function removeMember(
  s: Services,
  workspaceId: string,
  rawEmail: string,
  audit: AuditNote,
): Promise<{ email: string; status: MemberStatus }> {
  const email = normalizeEmail(rawEmail);
  const now = s.clock();
  return s.db.transaction(async (tx) => {
    await requireWorkspace(tx, workspaceId);
    const member = await findMember(tx, workspaceId, email);
    if (!member) throw unknownMember(email);
    if (member.role === 'owner') {
      throw new ServiceError(
        'FAILED_PRECONDITION',
        'The owner cannot be removed: hand ownership to an active admin first, then the former owner can be removed.',
      );
    }
    await deleteMember(tx, workspaceId, email);
    audit.target({ member: email });
    audit.changes({ role: { from: member.role, to: null } });
    return { email, status: statusOf(member, now) };
  });
}
