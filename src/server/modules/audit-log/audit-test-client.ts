import { sql } from 'drizzle-orm';
import { type AuditEntry, getAuditLog } from '../../../contract/audit-log';
import { rowsOf } from '../../db/transaction';
import type { TestService } from '../../testing/test-service';

export const AUDIT_LOG_PATH = getAuditLog.path;

export interface AuditPage {
  result: { data: AuditEntry[]; nextPageToken: string | null };
}

/** One page of Get Audit Log, failing the test on anything but a success. */
export async function auditPage(
  svc: TestService,
  headers: Record<string, string>,
  data: Record<string, unknown> = {},
): Promise<AuditPage['result']> {
  const res = await svc.post<AuditPage>(AUDIT_LOG_PATH, data, headers);
  if (res.status !== 200) throw new Error(`Get Audit Log: ${JSON.stringify(res.body)}`);
  return res.body.result;
}

/** Every stored entry of a workspace, straight from the table, oldest first. */
export async function storedEntries(svc: TestService, workspaceId: string) {
  return rowsOf<{ id: string; action: string; text: string }>(
    svc.database.db,
    sql`select id, action, row_to_json(a)::text as text from audit_entries a
      where workspace_id = ${workspaceId} order by at, id`,
  );
}
