import { type APIRequestContext, expect } from '@playwright/test';
import { post, workspaceCredentials } from './service';
import { getAuditLog } from '#contract/audit-log';

/** The audit log as the service holds it, to check what a flow recorded. */

export interface StoredAuditEntry {
  id: string;
  at: string;
  actor: {
    ip: string;
    userAgent: string;
    credential: { kind: 'workspace' | 'apiKey' | 'session' | 'system'; id: string } | null;
    /** For a call made through a person's session: who, as what, with which session. */
    email?: string;
    role?: 'owner' | 'admin' | 'viewer';
    sessionId?: string;
  };
  action: string;
  target: Record<string, string>;
  changes: Record<string, { from: unknown; to: unknown }>;
  summary: Record<string, { count: number; ids: string[] }>;
}

/** The first page of Get Audit Log (up to 200 entries, newest first) with these filters. */
export async function storedAuditEntries(
  request: APIRequestContext,
  workspace: { id: string; authToken: string },
  filter: {
    apiKey?: string;
    action?: string;
    person?: string;
    since?: string;
    until?: string;
  } = {},
): Promise<StoredAuditEntry[]> {
  const answer = await post(
    request,
    getAuditLog,
    { ...filter, pageSize: 200 },
    workspaceCredentials(workspace),
  );
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data;
}
