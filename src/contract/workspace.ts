import { z } from 'zod';
import { emailSchema, nameSchema, noFields } from './common';
import { endpoint } from './endpoint';
import { roles } from './roles';

export const apiKeyTypeSchema = z.enum(['testing', 'production']);
export type ApiKeyType = z.infer<typeof apiKeyTypeSchema>;

export const apiKeyEntrySchema = z.object({
  apiKeyName: z.string(),
  id: z.string(),
  type: apiKeyTypeSchema,
});
export type ApiKeyEntry = z.infer<typeof apiKeyEntrySchema>;

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.object({
    email: z.string(),
    id: z.string(),
    name: z.string(),
    avatar: z.string(),
  }),
  authToken: z.string(),
  apiKeyList: z.record(z.string(), apiKeyEntrySchema),
});
export type Workspace = z.infer<typeof workspaceSchema>;

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

export const getWorkspace = endpoint({
  name: 'Get Workspace',
  path: '/v2/workspace/get',
  auth: 'workspace',
  area: 'workspace',
  envelope: 'A',
  request: noFields,
  data: workspaceSchema,
  errors: ['NOT_FOUND', 'RESOURCE_EXHAUSTED'],
  // Through a session the workspace token is always masked, the owner's too: a routine read does
  // not carry the root credential; the owner reveals it with Get Workspace Auth Token.
  access: { reveals: { fields: ['authToken'], seenBy: 'nobody' } },
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

export const sendLoginLink = endpoint({
  name: 'Send Login Link',
  path: '/v2/workspace/email/send-login-link',
  auth: 'public',
  area: 'workspace',
  envelope: 'A',
  request: z.object({
    email: emailSchema,
    continueUrl: z.string().min(1, 'Invalid url for continueUrl'),
  }),
  data: z.null(),
  errors: ['INVALID_ARGUMENT', 'RESOURCE_EXHAUSTED'],
});

export const getEmailVerificationStatus = endpoint({
  name: 'Get Email Verification Status',
  path: '/v2/workspace/email/status',
  auth: 'public',
  area: 'workspace',
  envelope: 'A',
  request: z.object({ ownerEmail: emailSchema }),
  data: z.object({ verified: z.boolean() }),
  errors: ['NOT_FOUND', 'RESOURCE_EXHAUSTED'],
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

/**
 * The default name of an API key (the specification's rule for the initial key): the local part
 * of the owner's e-mail, first letter capitalised, then ` Test API Key` (` Production API Key` for
 * a production key). `ada.l@example.com` → `Ada.l Test API Key`.
 */
export function defaultApiKeyName(ownerEmail: string, type: ApiKeyType = 'testing'): string {
  const local = ownerEmail.split('@')[0] ?? ownerEmail;
  const kind = type === 'production' ? 'Production' : 'Test';
  return `${local.charAt(0).toUpperCase()}${local.slice(1)} ${kind} API Key`;
}
