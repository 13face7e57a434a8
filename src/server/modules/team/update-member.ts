import type { Role } from '#contract/roles';
import type { Member } from '#contract/team';
import type { AuditNote } from '../../audit/audit-note';
import { ServiceError } from '../../http/service-error';
import { normalizeEmail } from '../../mail/addresses';
import type { Services } from '../../services';
import { handOver } from './hand-over';
import { requireWorkspace, unknownMember } from './member-checks';
import { toMember } from './member-view';
import { findMember, setRole } from './store';

/**
 * Changes a member's or an invitation's role, or with `owner` hands the workspace to an active
 * admin. The owner's own role changes only by handing over. Answers whether ownership moved.
 */
export async function updateMember(
  s: Services,
  workspaceId: string,
  input: { email: string; role: Role },
  audit: AuditNote,
): Promise<{ member: Member; handedOver: boolean }> {
  const email = normalizeEmail(input.email);
  const now = s.clock();
  return s.db.transaction(async (tx) => {
    const workspace = await requireWorkspace(tx, workspaceId);
    const member = await findMember(tx, workspaceId, email);
    if (!member) throw unknownMember(email);
    audit.target({ member: email });
    if (member.role === input.role) return { member: toMember(member, now), handedOver: false };
    if (member.role === 'owner') {
      throw new ServiceError(
        'FAILED_PRECONDITION',
        "The owner's role cannot be changed: hand ownership to an active admin (role owner), and the owner becomes an admin.",
      );
    }
    if (input.role === 'owner') {
      const row = await handOver(s, tx, { workspaceId, workspace, member, now }, audit);
      return { member: toMember(row, now), handedOver: true };
    }
    const row = await setRole(tx, workspaceId, email, input.role);
    audit.changes({ role: { from: member.role, to: input.role } });
    return { member: toMember(row, now), handedOver: false };
  });
}
