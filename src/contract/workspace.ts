/*
 * Area 'workspace', the endpoints the console's first load needs (Get Workspace, the sign-in's
 * Send Login Link, Get Email Verification Status); the rest of the area is in workspace-access.ts.
 * A contract file rides whole in any chunk that imports one of its endpoints.
 */
import { z } from 'zod';
import { emailSchema, noFields } from './common';
import { endpoint } from './endpoint';

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
