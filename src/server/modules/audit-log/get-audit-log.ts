import { z } from 'zod';
import {
  type AuditEntry,
  DEFAULT_AUDIT_PAGE_SIZE,
  type getAuditLogRequest,
} from '#contract/audit-log';
import { type AuditRow, auditPageStatement } from '../../audit/audit-store';
import { keysetPage } from '../../db/keyset';
import { PageTokens } from '../../http/page-token';
import type { Services } from '../../services';

type GetInput = z.output<typeof getAuditLogRequest>;

const auditTokens = (s: Services) =>
  new PageTokens(s.secrets, {
    name: 'audit-log',
    field: 'data.pageToken',
    position: z.object({ at: z.string(), id: z.string() }),
    prefix: 'apt_',
  });

function entryView(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    changes: row.changes,
    summary: row.summary,
  };
}

/**
 * Get Audit Log: the workspace's entries (its own calls and those of its API keys), newest
 * first, narrowed by API key, action, person and time range, keyset-paged by (at, id). The token binds
 * the workspace and every filter, not the page size. A read: it records nothing.
 */
export async function getAuditLog(s: Services, workspaceId: string, input: GetInput) {
  const tokens = auditTokens(s);
  const filters = {
    workspaceId,
    apiKeyId: input.apiKey,
    action: input.action,
    // Addresses are stored lower-cased, as sign-in writes them.
    person: input.person?.toLowerCase(),
    since: input.since,
    until: input.until,
  };
  const after = tokens.decode(filters, input.pageToken);
  const limit = input.pageSize ?? DEFAULT_AUDIT_PAGE_SIZE;
  const { rows, more } = keysetPage(
    await auditPageStatement(s.db, {
      ...filters,
      since: input.since === undefined ? undefined : new Date(input.since),
      until: input.until === undefined ? undefined : new Date(input.until),
      after,
      limit,
    }),
    limit,
  );
  const last = rows.at(-1);
  return {
    data: rows.map(entryView),
    message: 'Audit log retrieved successfully.',
    pageToken:
      more && last ? tokens.encode(filters, { at: last.at.toISOString(), id: last.id }) : null,
  };
}
