import { inviteMember, type Member, removeMember, updateMember } from '#contract/team';
import type { RowAction, RowActions } from '../../components/data-table/column';
import { ChangeRoleForm } from './change-role-form';
import {
  CancelInvitationQuestion,
  EndSessionsQuestion,
  RemoveMemberQuestion,
} from './member-questions';

const ownerStays = (member: Member) =>
  member.role === 'owner'
    ? 'The owner stays: to leave, hand the workspace to an active admin first.'
    : undefined;

/**
 * What the owner does to a member. Each action names its endpoint, so that the table offers them
 * to the owner only (the role table's "manage members"); the others read the list.
 */
export function memberActions(workspaceId: string): RowActions<Member> {
  const items: RowAction<Member>[] = [
    {
      label: 'Change role',
      name: (member) => `Change the role of ${member.email}`,
      endpoint: updateMember,
      unavailable: (member) =>
        member.role === 'owner'
          ? 'The owner becomes an admin by handing the workspace to an admin.'
          : undefined,
      dialog: {
        title: (member) => `Role of ${member.email}`,
        description: () => 'The new role holds from their very next request.',
        content: (member, close) => (
          <ChangeRoleForm workspaceId={workspaceId} member={member} onClose={close} />
        ),
      },
    },
    {
      label: 'Sign out',
      name: (member) => `Sign ${member.email} out everywhere`,
      // Ending another member's sessions is the owner's, like the rest of managing members.
      endpoint: removeMember,
      dialog: {
        title: (member) => `Sign ${member.email} out everywhere?`,
        description: () => 'Their sessions end; they stay a member.',
        content: (member, close) => <EndSessionsQuestion member={member} onDone={close} />,
      },
    },
    {
      label: 'Remove',
      name: (member) => `Remove ${member.email}`,
      variant: 'danger',
      endpoint: removeMember,
      unavailable: ownerStays,
      dialog: {
        title: (member) => `Remove ${member.email}?`,
        description: () => 'They lose access to this workspace at once.',
        content: (member, close) => (
          <RemoveMemberQuestion workspaceId={workspaceId} member={member} onDone={close} />
        ),
      },
    },
  ];
  return { header: 'Actions', items };
}

/** What the owner does to an invitation: send it again (a new link, 7 more days) or cancel it. */
export function invitationActions(
  workspaceId: string,
  resend: { run: (member: Member) => void; running: (member: Member) => string | undefined },
): RowActions<Member> {
  return {
    header: 'Actions',
    items: [
      {
        label: 'Re-send',
        name: (member) => `Send the invitation of ${member.email} again`,
        endpoint: inviteMember,
        ...resend,
      },
      {
        label: 'Cancel',
        name: (member) => `Cancel the invitation of ${member.email}`,
        variant: 'danger',
        endpoint: removeMember,
        dialog: {
          title: (member) => `Cancel the invitation of ${member.email}?`,
          description: () => 'Its link no longer joins the workspace.',
          content: (member, close) => (
            <CancelInvitationQuestion workspaceId={workspaceId} member={member} onDone={close} />
          ),
        },
      },
    ],
  };
}
