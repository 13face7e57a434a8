import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/connection';
import { type DbOrTx, type Tx, inRolledBackTransaction, rowsOf } from '../db/transaction';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
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

const total = (node: PlanNode, perLoop: number) => perLoop * (node['Actual Loops'] ?? 1);

/** Index entries the bitmap index scans under `node` collected (a BitmapAnd's, each of its sides). */
function bitmapEntries(node: PlanNode): number {
  if (node['Node Type'] === 'Bitmap Index Scan') return total(node, node['Actual Rows'] ?? 0);
  return (node.Plans ?? []).reduce((sum, child) => sum + bitmapEntries(child), 0);
}

/**
 * Rows each table gave a plan's scans, over all their loops, counting the rows a filter or a
 * recheck threw away, and for a bitmap scan the index entries its bitmap collected when they
 * were more (a bitmap intersected with the due index reads every due message's entry): what the
 * statement read, whatever it answered.
 */
function rowsByTable(node: PlanNode, into: Map<string, number>): Map<string, number> {
  const table = node['Relation Name'];
  if (table !== undefined && SCANS.has(node['Node Type'])) {
    const rows = total(
      node,
      (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0),
    );
    const read =
      node['Node Type'] === 'Bitmap Heap Scan' ? Math.max(rows, bitmapEntries(node)) : rows;
    into.set(table, (into.get(table) ?? 0) + read);
  }
  for (const child of node.Plans ?? []) rowsByTable(child, into);
  return into;
}

async function planRows(db: DbOrTx, statement: SQL): Promise<Map<string, number>> {
  const [row] = await rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    db,
    sql`explain (analyze, format json) ${statement}`,
  );
  const raw = row?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return rowsByTable(parsed[0].Plan, new Map());
}

/**
 * The rows each table gives `statement`, measured by running it under EXPLAIN ANALYZE in a
 * transaction that is rolled back: it changes nothing, and sees what the statement would see.
 */
export async function rowsRead(db: Db, statement: SQL): Promise<Map<string, number>> {
  return inRolledBackTransaction(db, (tx) => planRows(tx, statement));
}

/** rowsRead inside a transaction: measured up to a savepoint and rolled back to it. */
async function rowsReadIn(tx: Tx, statement: SQL): Promise<Map<string, number>> {
  await tx.execute(sql`savepoint rows_read`);
  const rows = await planRows(tx, statement);
  await tx.execute(sql`rollback to savepoint rows_read`);
  return rows;
}

/** What one statement read, by table, and the start of its text to tell statements apart. */
export interface StatementRows {
  text: string;
  rows: Map<string, number>;
}

/** `target` with its `execute` (and `transaction`, when given) replaced. */
function withMethods<T extends object>(target: T, methods: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, property) {
      if (typeof property === 'string' && property in methods) return methods[property];
      const value: unknown = Reflect.get(t, property, t);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(t)
        : value;
    },
  });
}

/**
 * A database whose statements run as before, and, while `recording`, are each measured first
 * (rowsRead, or inside a transaction up to a savepoint) and listed: a test can then show how
 * much a piece of work reads, statement by statement, on either database. The statements run
 * through `execute`, on the database or in a transaction it opens (the webhook worker's, among
 * others), are measured; a raw prepared statement is not.
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
  const record = (statement: SQL, rows: Map<string, number>) =>
    statements.push({ text: dialect.sqlToQuery(statement).sql.replace(/\s+/g, ' ').trim(), rows });
  const measuredTx = (tx: Tx): Tx =>
    withMethods(tx, {
      execute: async (statement: SQL) => {
        if (recording.on) record(statement, await rowsReadIn(tx, statement));
        return tx.execute(statement);
      },
    });
  const db = withMethods(real, {
    execute: async (statement: SQL) => {
      if (recording.on) record(statement, await rowsRead(real, statement));
      return real.execute(statement);
    },
    transaction: <T>(work: (tx: Tx) => Promise<T>) =>
      real.transaction((tx) => work(measuredTx(tx))),
  });
  return { database: { ...database, db }, statements, recording };
}
