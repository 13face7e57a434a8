/*
 * Area 'workspace': creating a workspace and signing in to one (Create Workspace, Complete Login,
 * Get Workspace Auth Token). Apart from workspace.ts so that the console's first load, which
 * needs Get Workspace and Send Login Link, does not carry these.
 */
import { z } from 'zod';
import { emailSchema, nameSchema, noFields } from './common';
import { endpoint } from './endpoint';
import { roles } from './roles';
import { workspaceSchema } from './workspace';

/** The specification: at most 200 characters, not empty when given. */
const displayName = nameSchema(200, 'must not be empty when given');

export const createWorkspaceRequest = z.object({
  ownerEmail: emailSchema,
  name: displayName.optional(),
  workspaceName: displayName.optional(),
  avatar: z
    .url({ protocol: /^https?$/, error: 'must be a valid http(s) URL' })
    .max(2000, 'must be at most 2000 characters')
    .optional(),
});
export type CreateWorkspaceRequest = z.input<typeof createWorkspaceRequest>;

export const createWorkspace = endpoint({
  name: 'Create Workspace',
  path: '/v2/workspace/create',
  write: true,
  auth: 'public',
  area: 'workspace',
  envelope: 'A',
  request: createWorkspaceRequest,
  data: workspaceSchema,
  errors: ['INVALID_ARGUMENT', 'PERMISSION_DENIED', 'ALREADY_EXISTS', 'RESOURCE_EXHAUSTED'],
});

export const getWorkspaceAuthToken = endpoint({
  name: 'Get Workspace Auth Token',
  path: '/v2/workspace/token/get',
  auth: 'workspace',
  area: 'workspace',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: z.object({ workspaceId: z.string(), authToken: z.string() }),
  errors: ['NOT_FOUND'],
  access: {
    least: 'owner',
    denied: 'see the workspace token',
    // Said so that the reveal is audited like every other (DESIGN.md § Team access).
    reveals: { fields: ['authToken'], seenBy: 'owner' },
  },
});

/** A workspace as a signed-in person sees it in a list: its id, its name and their role in it. */
export const memberWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(roles),
});
export type MemberWorkspace = z.infer<typeof memberWorkspaceSchema>;

/** Who signed in, and the workspaces they are an active member of. */
export const signedInSchema = z.object({
  email: z.string(),
  workspaces: z.array(memberWorkspaceSchema),
});
export type SignedIn = z.infer<typeof signedInSchema>;

export const completeLogin = endpoint({
  name: 'Complete Login',
  path: '/v2/workspace/email/complete-login',
  // It creates a session and may turn invitations into memberships: a sign-in the audit log
  // records in each of the person's workspaces.
  write: true,
  auth: 'public',
  area: 'workspace',
  envelope: 'A',
  extension: true,
  request: z.object({ oobCode: z.string().min(1, 'must not be empty') }),
  // The session travels in the cookie the answer sets, never in its body.
  data: signedInSchema,
  errors: ['INVALID_ARGUMENT', 'RESOURCE_EXHAUSTED'],
});
