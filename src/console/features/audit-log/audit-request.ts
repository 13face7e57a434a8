import { type GetAuditLogRequest, getAuditLogRequest } from '#contract/audit-log';
import { fieldMessage } from '../../lib/format';
import type { AuditLogSearch } from './audit-log-search';

/** The filters as Get Audit Log takes them, without the page fields. */
export type AuditFilter = Pick<
  GetAuditLogRequest,
  'apiKey' | 'action' | 'person' | 'since' | 'until'
>;

/** Labels of the filters, as the page names them in its messages. */
const labels: Record<keyof AuditFilter, string> = {
  apiKey: 'API key',
  action: 'Action',
  person: 'Person',
  since: 'Since',
  until: 'Until',
};

export type AuditRequestCheck =
  | { ok: true; filter: AuditFilter }
  | { ok: false; problems: Partial<Record<keyof AuditFilter, string>> };

/**
 * The address's filters checked by the contract's own schema before anything is sent: a time
 * range whose end is not after its start is shown on the field instead of asked about.
 */
export function checkAuditRequest(search: AuditLogSearch): AuditRequestCheck {
  const filter: AuditFilter = {
    ...(search.apiKey ? { apiKey: search.apiKey } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.person ? { person: search.person } : {}),
    ...(search.since ? { since: search.since } : {}),
    ...(search.until ? { until: search.until } : {}),
  };
  const parsed = getAuditLogRequest.safeParse(filter);
  if (parsed.success) return { ok: true, filter };
  const problems: Partial<Record<keyof AuditFilter, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in labels)) continue;
    const name = field as keyof AuditFilter;
    problems[name] ??= fieldMessage(labels[name], issue.message);
  }
  return { ok: false, problems };
}
