import { z } from 'zod';
import { emailSchema, noFields } from './common';
import { endpoint } from './endpoint';
import { idRef } from './ids';
import { memberWorkspaceSchema } from './workspace-access';

/** Sessions a person keeps at once; signing in past it ends their least recently seen one. */
export const MAX_SESSIONS_PER_PERSON = 50;

export const sessionSchema = z.object({
  sessionId: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The browser's user agent as it signed in, cut to 300 characters. */
  userAgent: z.string(),
  /** The address it signed in from. */
  address: z.string(),
  /** The session this call came with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const getCurrentSession = endpoint({
  name: 'Get Current Session',
  path: '/v2/workspace/sessions/current',
  auth: 'session',
  area: 'sessions',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: z.object({
    email: z.string(),
    sessionId: z.string(),
    workspaces: z.array(memberWorkspaceSchema),
  }),
  errors: [],
});

export const getSessions = endpoint({
  name: 'Get Sessions',
  path: '/v2/workspace/sessions/get',
  auth: 'workspace',
  area: 'sessions',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: z.object({ sessions: z.array(sessionSchema) }),
  errors: [],
  access: { sessionOnly: true },
});

/** One of the caller's sessions, all of them (or all but this one), or (the owner) a member's. */
export const revokeSessionsRequest = z.union(
  [
    z.strictObject({ sessionId: idRef() }),
    z.strictObject({ all: z.literal(true), keepCurrent: z.boolean().optional() }),
    z.strictObject({ email: emailSchema }),
  ],
  { error: 'must name a sessionId, all: true, or the email of a member' },
);
export type RevokeSessionsRequest = z.input<typeof revokeSessionsRequest>;

export const revokeSessions = endpoint({
  name: 'Revoke Sessions',
  path: '/v2/workspace/sessions/revoke',
  write: true,
  auth: 'workspace',
  area: 'sessions',
  envelope: 'A',
  extension: true,
  request: revokeSessionsRequest,
  data: z.object({ revoked: z.number().int() }),
  errors: ['INVALID_ARGUMENT', 'NOT_FOUND'],
  // One's own sessions are any member's to end; ending a member's (`email`) is the owner's.
  access: { least: 'viewer' },
});

export const signOut = endpoint({
  name: 'Sign Out',
  path: '/v2/workspace/email/sign-out',
  write: true,
  auth: 'session',
  area: 'sessions',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: z.null(),
  errors: [],
});
