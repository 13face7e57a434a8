import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/connection';
import { inRolledBackTransaction, rowsOf } from '../db/transaction';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Node types that read a table's rows (a ModifyTable node names its table but reads none). */
const SCANS = new Set([
  'Seq Scan',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Tid Scan',
  'Tid Range Scan',
]);

/**
 * Rows each table gave a plan's scans, over all their loops, counting the rows a filter or a
 * recheck threw away: what the statement read, whatever it answered.
 */
function rowsByTable(node: PlanNode, into: Map<string, number>): Map<string, number> {
  const table = node['Relation Name'];
  if (table !== undefined && SCANS.has(node['Node Type'])) {
    const perLoop =
      (node['Actual Rows'] ?? 0) +
      (node['Rows Removed by Filter'] ?? 0) +
      (node['Rows Removed by Index Recheck'] ?? 0);
    into.set(table, (into.get(table) ?? 0) + perLoop * (node['Actual Loops'] ?? 1));
  }
  for (const child of node.Plans ?? []) rowsByTable(child, into);
  return into;
}

/**
 * The rows each table gives `statement`, measured by running it under EXPLAIN ANALYZE in a
 * transaction that is rolled back: it changes nothing, and sees what the statement would see.
 */
export async function rowsRead(db: Db, statement: SQL): Promise<Map<string, number>> {
  const [row] = await inRolledBackTransaction(db, (tx) =>
    rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      tx,
      sql`explain (analyze, format json) ${statement}`,
    ),
  );
  const raw = row?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return rowsByTable(parsed[0].Plan, new Map());
}

/** What one statement read, by table, and the start of its text to tell statements apart. */
export interface StatementRows {
  text: string;
  rows: Map<string, number>;
}

/**
 * A database whose statements run as before, and, while `recording`, are each measured first
 * (rowsRead) and listed: a test can then show how much a piece of work reads, statement by
 * statement, on either database. Only statements run through `db.execute` outside a
 * transaction are measured (the webhook worker's, among others).
 */
export function measuredDatabase(database: Database): {
  database: Database;
  statements: StatementRows[];
  recording: { on: boolean };
} {
  const statements: StatementRows[] = [];
  const recording = { on: false };
  const real = database.db;
  const dialect = new PgDialect();
  const execute = async (statement: SQL) => {
    if (recording.on) {
      const text = dialect.sqlToQuery(statement).sql.replace(/\s+/g, ' ').trim();
      statements.push({ text, rows: await rowsRead(real, statement) });
    }
    return real.execute(statement);
  };
  const db = new Proxy(real, {
    get(target, property) {
      if (property === 'execute') return execute;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return { database: { ...database, db }, statements, recording };
}
