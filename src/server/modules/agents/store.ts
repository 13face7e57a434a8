import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AgentExecutionStatus } from '#contract/agents';
import { agentExecutions } from '../../db/schema/agents-schema';
import { afterPosition, rowsToFetch } from '../../db/keyset';
import type { DbOrTx } from '../../db/transaction';

/** A stored execution, as the table holds it. */
export type ExecutionRow = typeof agentExecutions.$inferSelect;

/** Each of the executions of the key, locked for the rest of the transaction. */
export async function lockExecutions(
  db: DbOrTx,
  apiKeyId: string,
  executionIds: readonly string[],
): Promise<Map<string, ExecutionRow>> {
  const found = await db
    .select()
    .from(agentExecutions)
    .where(
      and(
        eq(agentExecutions.apiKeyId, apiKeyId),
        inArray(agentExecutions.executionId, [...executionIds]),
      ),
    )
    .for('update');
  return new Map(found.map((row) => [row.executionId, row]));
}

/**
 * Inserts the executions whose id is free; answers the ids inserted (one a concurrent call took
 * meanwhile is left out and keeps that call's row).
 */
export async function insertExecutions(
  db: DbOrTx,
  rows: readonly ExecutionRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const added = await db
    .insert(agentExecutions)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: agentExecutions.executionId });
  return new Set(added.map((r) => r.id));
}

/** The fields a running execution's next record may change: all but its place in the lists. */
const MUTABLE_FIELDS = [
  'agentName',
  'agentVersion',
  'status',
  'message',
  'completedAt',
  'durationMs',
  'trigger',
  'metadata',
  'llmModel',
  'tokenUsage',
  'resultsSummary',
  'error',
] as const;

/**
 * Replaces running executions (locked by the caller) by their new record, in one statement; a
 * row that is no longer running is left as it is.
 */
export async function updateRunningExecutions(
  db: DbOrTx,
  rows: readonly ExecutionRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const set = Object.fromEntries(
    MUTABLE_FIELDS.map((field) => [
      field,
      sql`excluded.${sql.identifier(agentExecutions[field].name)}`,
    ]),
  );
  await db
    .insert(agentExecutions)
    .values([...rows])
    .onConflictDoUpdate({
      target: [agentExecutions.apiKeyId, agentExecutions.executionId],
      set,
      setWhere: sql`${agentExecutions.status} = 'running'`,
    });
}

/** The filters of List Agent Executions; all given ones must hold. */
export interface ExecutionFilters {
  apiKeyId: string;
  agentId?: string | undefined;
  organizationId?: string | undefined;
  documentId?: string | undefined;
  status?: AgentExecutionStatus | undefined;
}

/** A position in the list's order: the last execution of the previous page. */
export interface ExecutionPosition {
  startedAt: number;
  id: string;
}

export interface ExecutionsQuery extends ExecutionFilters {
  order: 'asc' | 'desc';
  after?: ExecutionPosition | undefined;
  limit: number;
}

/**
 * One page in (startedAt, id) order, one row more than the page: an index range of the index
 * whose equality columns the filters give (`agents-schema.ts`).
 */
function executionsPage(db: DbOrTx, q: ExecutionsQuery) {
  const t = agentExecutions;
  const where: SQL[] = [eq(t.apiKeyId, q.apiKeyId)];
  if (q.agentId !== undefined) where.push(eq(t.agentId, q.agentId));
  if (q.organizationId !== undefined) where.push(eq(t.organizationId, q.organizationId));
  if (q.documentId !== undefined) where.push(eq(t.documentId, q.documentId));
  if (q.status !== undefined) where.push(eq(t.status, q.status));
  if (q.after !== undefined) {
    where.push(
      afterPosition([t.startedAt, t.executionId], [q.after.startedAt, q.after.id], q.order),
    );
  }
  const by = q.order === 'asc' ? asc : desc;
  return db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(by(t.startedAt), by(t.executionId))
    .limit(rowsToFetch(q.limit));
}

/** The page's statement, so that a test plans exactly what the list runs. */
export const executionsPageStatement = (db: DbOrTx, q: ExecutionsQuery): SQL =>
  executionsPage(db, q).getSQL();

export const readExecutionsPage = (db: DbOrTx, q: ExecutionsQuery): Promise<ExecutionRow[]> =>
  executionsPage(db, q);
