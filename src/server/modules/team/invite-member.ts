import type { FastifyBaseLogger } from 'fastify';
import type { InvitableRole, Role } from '#contract/roles';
import { INVITATION_LIFETIME_DAYS, MAX_MEMBERS_PER_WORKSPACE, type Member } from '#contract/team';
import type { AuditNote } from '../../audit/audit-note';
import { ServiceError } from '../../http/service-error';
import { deliverableAddress } from '../../mail/addresses';
import { sendAfterCommit } from '../../mail/after-commit';
import { issueLoginLink } from '../../mail/login-link';
import type { MailMessage } from '../../mail/mailer';
import type { Services } from '../../services';
import { requireWorkspace } from './member-checks';
import { statusOf, toMember } from './member-view';
import { countMembers, findMember, writeInvitation } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;

interface InvitationMail {
  to: string;
  workspaceName: string;
  invitedBy: string;
  role: InvitableRole;
  link: string;
  signIn: URL;
  expiresAt: Date;
}

function alreadyMember(member: { email: string; role: Role }): ServiceError {
  return new ServiceError(
    'ALREADY_EXISTS',
    member.role === 'owner'
      ? `${member.email} is the owner of this workspace.`
      : `${member.email} is already a member of this workspace.`,
  );
}

function invitationMessage(mail: InvitationMail): MailMessage {
  const article = mail.role === 'admin' ? 'an' : 'a';
  return {
    to: mail.to,
    subject: `You are invited to ${mail.workspaceName}`,
    text:
      `${mail.invitedBy} invited you to the workspace "${mail.workspaceName}" as ${article} ` +
      `${mail.role}. Open this link to sign in and join:\n\n${mail.link}\n\n` +
      `The link works once and expires in one hour. After that, sign in at ${mail.signIn.toString()} ` +
      `with this address: the invitation stays open until ${mail.expiresAt.toUTCString()}. ` +
      'If you did not expect it, ignore this message.',
    link: mail.link,
  };
}

/**
 * Invites an address, or sends a pending or expired invitation again (a new expiry, a new link,
 * the role asked now). The invitation e-mail carries a login link like Send Login Link's and
 * counts against the same per-inbox limit; it is sent once the invitation has committed.
 */
export async function inviteMember(
  s: Services,
  workspaceId: string,
  input: { email: string; role: InvitableRole },
  ctx: { audit: AuditNote; log: FastifyBaseLogger },
): Promise<Member> {
  const email = deliverableAddress(input.email);
  const now = s.clock();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);
  const signIn = new URL('/sign-in', s.config.consoleUrl);
  return s.db.transaction(async (tx) => {
    const workspace = await requireWorkspace(tx, workspaceId);
    const existing = await findMember(tx, workspaceId, email);
    if (existing && statusOf(existing, now) === 'active') throw alreadyMember(existing);
    if (!existing && (await countMembers(tx, workspaceId)) >= MAX_MEMBERS_PER_WORKSPACE) {
      throw new ServiceError(
        'RESOURCE_EXHAUSTED',
        `A workspace may have at most ${MAX_MEMBERS_PER_WORKSPACE} members and invitations. Remove members or expired invitations to invite more.`,
      );
    }
    // Only the owner invites (a workspace token counts as the owner).
    const invitedBy = workspace.ownerEmail;
    const link = await issueLoginLink(s, email, signIn);
    const row = await writeInvitation(tx, {
      workspaceId,
      email,
      role: input.role,
      invitedBy,
      invitedAt: now,
      expiresAt,
    });
    // Signed in through an earlier invitation's link meanwhile.
    if (!row) throw alreadyMember({ email, role: input.role });
    ctx.audit.target({ member: email });
    ctx.audit.changes({ role: { from: existing?.role ?? null, to: input.role } });
    sendAfterCommit(
      s.mailer,
      invitationMessage({
        to: email,
        workspaceName: workspace.name,
        invitedBy,
        role: input.role,
        link,
        signIn,
        expiresAt,
      }),
      ctx.log,
    );
    return toMember(row, now);
  });
}
