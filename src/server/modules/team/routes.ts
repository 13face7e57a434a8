import { getMembers, inviteMember, removeMember, updateMember } from '#contract/team';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as members from './get-members';
import * as invite from './invite-member';
import * as remove from './remove-member';
import * as update from './update-member';

/** Members and invitations (DESIGN.md § Team access). */
export const teamModule: ServiceModule = {
  routes: (s) => [
    route(getMembers, 'Members retrieved successfully.', (_input, ctx) =>
      members.getMembers(s, ctx.auth.workspaceId),
    ),
    route(
      inviteMember,
      'Invitation sent.',
      (input, ctx) => invite.inviteMember(s, ctx.auth.workspaceId, input, ctx),
      [
        {
          // Every call that could send an e-mail, re-sends too, per workspace.
          name: 'invite-member',
          rule: s.config.rateLimits.inviteMember,
          counts: 'authenticated',
          key: (_req, auth) => (auth && 'workspaceId' in auth ? auth.workspaceId : undefined),
        },
      ],
    ),
    answerRoute(updateMember, async (input, ctx) => {
      const { member, handedOver } = await update.updateMember(
        s,
        ctx.auth.workspaceId,
        input,
        ctx.audit,
      );
      return {
        data: member,
        message: handedOver ? 'Ownership handed over.' : 'Member updated.',
      };
    }),
    answerRoute(removeMember, async (input, ctx) => {
      const { email, status } = await remove.removeMember(
        s,
        ctx.auth.workspaceId,
        input.email,
        ctx.audit,
      );
      return {
        data: { email, removed: true as const },
        message: status === 'active' ? 'Member removed.' : 'Invitation cancelled.',
      };
    }),
  ],
};
