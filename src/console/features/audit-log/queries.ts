import { type AuditEntry, MAX_AUDIT_PAGE_SIZE, getAuditLog } from '#contract/audit-log';
import { allEndpoints } from '#contract/endpoints';
import { call } from '../../lib/api';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';
import type { AuditFilter } from './audit-request';

/** Entries per page of the table: entries are small (under 4 KB), so few pages are read. */
export const AUDIT_PAGE = Math.min(100, MAX_AUDIT_PAGE_SIZE);

/** The endpoints that record an entry (the contract marks them `write`), by name. */
export const auditedActions: readonly string[] = allEndpoints
  .filter((endpoint) => endpoint.write)
  .map((endpoint) => endpoint.name)
  .sort((a, b) => a.localeCompare(b));

export const auditLogQueries = {
  all: (workspaceId: string) => ['workspace', workspaceId, 'audit-log'] as const,
  /**
   * The entries matching the filters, newest first, page by page as the table scrolls. Always
   * read again on opening: a change made a moment ago on a settings page must be there.
   */
  list: (workspaceId: string, filter: AuditFilter) =>
    pagedQueryOptions({
      queryKey: [...auditLogQueries.all(workspaceId), 'list', filter] as const,
      staleTime: 0,
      fetchPage: async (token, signal) =>
        pageOf.pageToken<AuditEntry>(
          await call(
            getAuditLog,
            { ...filter, pageSize: AUDIT_PAGE, ...pageParam('pageToken', token) },
            { signal },
          ),
        ),
    }),
};
