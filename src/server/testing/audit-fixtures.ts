import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/transaction';
import type { TestService } from './test-service';

/** Every stored entry of a workspace, straight from the table, oldest first. */
export async function storedEntries(svc: TestService, workspaceId: string) {
  return rowsOf<{ id: string; action: string; text: string }>(
    svc.database.db,
    sql`select id, action, row_to_json(a)::text as text from audit_entries a
      where workspace_id = ${workspaceId} order by at, id`,
  );
}
