import type { Member } from '#contract/team';
import { ConfirmQuestion } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api-error';
import { useEndMemberSessions, useRemoveMember } from './use-member-changes';

interface QuestionProps {
  workspaceId: string;
  member: Member;
  onDone: () => void;
}

/** Remove Member on a member: asked first, with what it does to them. */
export function RemoveMemberQuestion({ workspaceId, member, onDone }: QuestionProps) {
  const removing = useRemoveMember(workspaceId);
  return (
    <ConfirmQuestion
      confirmLabel="Remove member"
      pendingLabel="Removing…"
      pending={removing.isPending}
      error={removing.isError ? errorMessage(removing.error) : undefined}
      onConfirm={() => removing.mutateAsync(member.email)}
      onDone={onDone}
    >
      <p className="rounded-md border border-danger bg-danger-soft p-3 text-danger-soft-fg">
        <strong>{member.email} loses access at once:</strong> their next click in this workspace
        sends them to sign in. What they changed stays, in the audit log too. Invite them again to
        bring them back.
      </p>
    </ConfirmQuestion>
  );
}

/** Remove Member on an invitation: its link no longer joins the workspace. */
export function CancelInvitationQuestion({ workspaceId, member, onDone }: QuestionProps) {
  const removing = useRemoveMember(workspaceId, { invitation: true });
  return (
    <ConfirmQuestion
      confirmLabel="Cancel invitation"
      cancelLabel="Keep it"
      pendingLabel="Cancelling…"
      pending={removing.isPending}
      error={removing.isError ? errorMessage(removing.error) : undefined}
      onConfirm={() => removing.mutateAsync(member.email)}
      onDone={onDone}
    >
      <p>The link already sent to {member.email} no longer joins this workspace.</p>
    </ConfirmQuestion>
  );
}

/** Revoke Sessions by e-mail: every sign-in of the member ends; they stay a member. */
export function EndSessionsQuestion({ member, onDone }: Omit<QuestionProps, 'workspaceId'>) {
  const ending = useEndMemberSessions();
  return (
    <ConfirmQuestion
      confirmLabel="Sign them out"
      pendingLabel="Signing out…"
      pending={ending.isPending}
      error={ending.isError ? errorMessage(ending.error) : undefined}
      onConfirm={() => ending.mutateAsync(member.email)}
      onDone={onDone}
    >
      <p>
        Every browser {member.email} is signed in with is signed out, in every workspace; they stay
        a member and sign in again with a new login link. Use it for a lost laptop.
      </p>
    </ConfirmQuestion>
  );
}
