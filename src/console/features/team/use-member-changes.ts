import { useQueryClient } from '@tanstack/react-query';
import { revokeSessions } from '#contract/sessions';
import {
  type InviteMemberRequest,
  type UpdateMemberRequest,
  inviteMember,
  removeMember,
  updateMember,
} from '#contract/team';
import { call } from '../../lib/api';
import { roleLabels } from '../../lib/role-label';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { teamQueries } from './queries';

/** Every change of the team reads the list again, whose statuses the service works out. */
function useRefreshTeam(workspaceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamQueries.all(workspaceId) });
}

/** Invite Member: a new address, or one whose invitation is pending or expired (sent again). */
export function useInviteMember(workspaceId: string, { again = false } = {}) {
  const refresh = useRefreshTeam(workspaceId);
  return useSaveMutation({
    mutationFn: async (request: InviteMemberRequest) => (await call(inviteMember, request)).data,
    onSaved: refresh,
    success: (member) => ({
      title: again ? 'Invitation sent again' : 'Invitation sent',
      message: `${member.email} can join as ${roleLabels[member.role].toLowerCase()} through the link in it, for 7 days.`,
    }),
    // A re-send is a row's button, with no place of its own for a refusal.
    inlineErrors: !again,
  });
}

export function useUpdateMember(workspaceId: string) {
  const refresh = useRefreshTeam(workspaceId);
  return useSaveMutation({
    mutationFn: async (request: UpdateMemberRequest) => (await call(updateMember, request)).data,
    onSaved: refresh,
    success: (member) =>
      member.role === 'owner'
        ? { title: `${member.email} now owns the workspace`, message: 'You are an admin now.' }
        : `${member.email} is now ${roleLabels[member.role].toLowerCase()}`,
  });
}

/** Remove Member: a member leaves the workspace, or an invitation is cancelled. */
export function useRemoveMember(workspaceId: string, { invitation = false } = {}) {
  const refresh = useRefreshTeam(workspaceId);
  return useSaveMutation({
    mutationFn: async (email: string) => (await call(removeMember, { email })).data,
    onSaved: refresh,
    success: ({ email }) =>
      invitation ? `The invitation of ${email} was cancelled` : `${email} was removed`,
  });
}

/** Revoke Sessions by e-mail: the owner signs a member out everywhere, keeping them a member. */
export function useEndMemberSessions() {
  return useSaveMutation({
    mutationFn: async (email: string) => (await call(revokeSessions, { email })).data,
    success: ({ revoked }, email) => ({
      title: `${email} is signed out everywhere`,
      message:
        revoked === 1 ? '1 session ended.' : `${revoked.toLocaleString('en')} sessions ended.`,
    }),
  });
}
