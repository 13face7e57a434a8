import { z } from 'zod';
import { emailSchema, isoDateTime, pageSize, pageTokenSchema } from './common';
import { idRef } from './ids';
import { endpoint } from './endpoint';
import { roles } from './roles';

/**
 * Who made a call: the credential it presented (never its token), from where, with what; and for a
 * call made through a member's session, the person, their role then and the session's id.
 */
export const auditActorSchema = z.object({
  ip: z.string(),
  userAgent: z.string(),
  /**
   * Null for a call that presented none: Create Workspace, the one public write. A session's id is
   * the session's, never its token. `system`: the service itself (a webhook endpoint disabled).
   */
  credential: z
    .object({ kind: z.enum(['workspace', 'apiKey', 'session', 'system']), id: z.string() })
    .nullable(),
  email: z.string().optional(),
  role: z.enum(roles).optional(),
  sessionId: z.string().optional(),
});

/** A changed setting: its value before and after the call, secrets masked. */
export const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

/** A bulk write in short: how many items a list of the request held, and the first ids. */
export const auditSummarySchema = z.object({ count: z.number().int(), ids: z.array(z.string()) });

/** One write call, recorded in the same transaction as its change. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: auditActorSchema,
  /** The endpoint's name, as the contract writes it: `Update API Key Config`. */
  action: z.string(),
  /** The ids the call touched, by kind: `workspaceId`, `apiKeyId`, `organizationId`, `endpointId` … */
  target: z.record(z.string(), z.string()),
  /** Settings the call changed, `{ field: { from, to } }`. */
  changes: z.record(z.string(), auditChangeSchema),
  /** The lists of a bulk write, counted instead of copied. */
  summary: z.record(z.string(), auditSummarySchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const MAX_AUDIT_PAGE_SIZE = 200;
export const DEFAULT_AUDIT_PAGE_SIZE = 50;

export const getAuditLogRequest = z
  .strictObject({
    /** Entries of calls made with this API key, or made on it by the workspace. */
    apiKey: idRef().optional(),
    action: z.string().trim().min(1, 'must not be empty').max(100).optional(),
    /** Entries of calls a person made through a session, by their e-mail address. */
    person: emailSchema.optional(),
    /** Entries at or after this time. */
    since: isoDateTime().optional(),
    /** Entries before this time. */
    until: isoDateTime().optional(),
    pageSize: pageSize(MAX_AUDIT_PAGE_SIZE).optional(),
    pageToken: pageTokenSchema().optional(),
  })
  .refine(
    (v) =>
      v.since === undefined || v.until === undefined || Date.parse(v.until) > Date.parse(v.since),
    { error: 'must be later than since', path: ['until'] },
  );
export type GetAuditLogRequest = z.input<typeof getAuditLogRequest>;

export const getAuditLog = endpoint({
  name: 'Get Audit Log',
  path: '/v2/workspace/auditlog/get',
  auth: 'workspace',
  area: 'audit-log',
  envelope: 'A',
  pageField: 'nextPageToken',
  extension: true,
  request: getAuditLogRequest,
  data: z.array(auditEntrySchema),
  errors: [],
  access: { least: 'admin', denied: 'read the audit log' },
});
