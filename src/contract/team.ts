import { z } from 'zod';
import { emailSchema, noFields } from './common';
import { endpoint } from './endpoint';
import { invitableRoles, roles } from './roles';

/** How long an invitation waits for its first sign-in before it is `expired`. */
export const INVITATION_LIFETIME_DAYS = 7;

/**
 * Members of one workspace, the owner and pending or expired invitations included: one Get Members
 * answer holds them all. Invite Member refuses a new address past it.
 */
export const MAX_MEMBERS_PER_WORKSPACE = 500;

export const memberStatuses = ['active', 'invited', 'expired'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const memberSchema = z.object({
  email: z.string(),
  role: z.enum(roles),
  /** `invited` until the first sign-in through a login link; `expired` after seven days. */
  status: z.enum(memberStatuses),
  /** Who invited them; null for the workspace's first owner. */
  invitedBy: z.string().nullable(),
  invitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

const ownerOnly = { least: 'owner', denied: 'manage members' } as const;

export const getMembers = endpoint({
  name: 'Get Members',
  path: '/v2/workspace/members/get',
  auth: 'workspace',
  area: 'team',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: z.object({ members: z.array(memberSchema) }),
  errors: [],
});

export const inviteMemberRequest = z.object({
  email: emailSchema,
  role: z.enum(invitableRoles, { error: 'must be admin or viewer' }),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;

export const inviteMember = endpoint({
  name: 'Invite Member',
  path: '/v2/workspace/members/invite',
  write: true,
  auth: 'workspace',
  area: 'team',
  envelope: 'A',
  extension: true,
  request: inviteMemberRequest,
  data: memberSchema,
  errors: ['INVALID_ARGUMENT', 'ALREADY_EXISTS', 'RESOURCE_EXHAUSTED'],
  access: ownerOnly,
});

export const updateMemberRequest = z.object({
  email: emailSchema,
  /** `owner` hands the workspace to an active admin; the old owner becomes an admin. */
  role: z.enum(roles, { error: 'must be owner, admin or viewer' }),
});
export type UpdateMemberRequest = z.input<typeof updateMemberRequest>;

export const updateMember = endpoint({
  name: 'Update Member',
  path: '/v2/workspace/members/update',
  write: true,
  auth: 'workspace',
  area: 'team',
  envelope: 'A',
  extension: true,
  request: updateMemberRequest,
  data: memberSchema,
  errors: ['INVALID_ARGUMENT', 'FAILED_PRECONDITION', 'NOT_FOUND'],
  access: ownerOnly,
});

export const removeMember = endpoint({
  name: 'Remove Member',
  path: '/v2/workspace/members/remove',
  write: true,
  auth: 'workspace',
  area: 'team',
  envelope: 'A',
  extension: true,
  request: z.object({ email: emailSchema }),
  data: z.object({ email: z.string(), removed: z.literal(true) }),
  errors: ['FAILED_PRECONDITION', 'NOT_FOUND'],
  access: ownerOnly,
});
