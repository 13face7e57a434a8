import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection';
import type { Db } from '../db/db';
import { type DbOrTx, type Tx, inRolledBackTransaction } from '../db/transaction';
import { type PlanNode, planOf } from './query-plan';

/** Node types that read a table's rows (a ModifyTable node names its table but reads none). */
const SCANS = new Set([
  'Seq Scan',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Tid Scan',
  'Tid Range Scan',
]);

const overLoops = (node: PlanNode, perLoop: number) => perLoop * (node['Actual Loops'] ?? 1);

/** Index entries the bitmap index scans under `node` collected (a BitmapAnd's, each of its sides). */
function bitmapEntries(node: PlanNode): number {
  if (node['Node Type'] === 'Bitmap Index Scan') return overLoops(node, node['Actual Rows'] ?? 0);
  return (node.Plans ?? []).reduce((sum, child) => sum + bitmapEntries(child), 0);
}

/**
 * The rows each table gives a statement when it runs, measured with EXPLAIN ANALYZE: every scan
 * of the table over all its loops, counting the rows its filter or recheck threw away (which
 * query-plan.ts's rowsRead leaves out), and for a bitmap scan the index entries its bitmap
 * collected when they were more (a bitmap intersected with a wide index reads all its entries).
 * What the statement read, whatever it answered.
 */
async function readsOf(db: DbOrTx, statement: SQL): Promise<Map<string, number>> {
  const reads = new Map<string, number>();
  for (const node of await planOf(db, statement, true)) {
    const table = node['Relation Name'];
    if (table === undefined || !SCANS.has(node['Node Type'])) continue;
    const rows = overLoops(
      node,
      (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0),
    );
    const read =
      node['Node Type'] === 'Bitmap Heap Scan' ? Math.max(rows, bitmapEntries(node)) : rows;
    reads.set(table, (reads.get(table) ?? 0) + read);
  }
  return reads;
}

/** readsOf in a transaction that is rolled back: the statement changes nothing. */
export function tableReads(db: Db, statement: SQL): Promise<Map<string, number>> {
  return inRolledBackTransaction(db, (tx) => readsOf(tx, statement));
}

/** readsOf inside a transaction: measured up to a savepoint and rolled back to it. */
async function tableReadsIn(tx: Tx, statement: SQL): Promise<Map<string, number>> {
  await tx.execute(sql`savepoint table_reads`);
  const reads = await readsOf(tx, statement);
  await tx.execute(sql`rollback to savepoint table_reads`);
  return reads;
}

/** What one statement read, by table, and its text to tell statements apart. */
export interface StatementRows {
  text: string;
  rows: Map<string, number>;
}

/** `target` with some of its methods replaced. */
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

/** A statement as drizzle prepares it (`$1`, `$2` … and their values) as SQL again. */
function statementOf(query: { sql: string; params: unknown[] }): SQL {
  const parts = query.sql.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${query.params[Number(part) - 1]}`)),
  );
}

type Session = Db['_']['session'];
type PreparedQuery = ReturnType<Session['prepareQuery']>;

/**
 * A database whose statements run as before, and, while `recording`, are each measured first
 * (tableReads, or inside a transaction up to a savepoint) and listed: a test can then show how
 * much a piece of work reads, statement by statement, on either database. The statements run
 * through `execute`, or as named statements (prepared.ts), on the database or in a transaction
 * it opens (the webhook worker's, among others), are measured. (statement-watch.ts counts every
 * statement, with its text only.)
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
  /** `db._` whose prepared statements are measured by `measure` before they run. */
  const measuredInternals = (
    db: DbOrTx,
    measure: (statement: SQL) => Promise<Map<string, number>>,
  ) => {
    const session = db._.session;
    return withMethods(db._, {
      session: withMethods(session, {
        prepareQuery: (...args: Parameters<Session['prepareQuery']>) => {
          const prepared = session.prepareQuery(...args);
          return withMethods(prepared, {
            execute: async (...values: Parameters<PreparedQuery['execute']>) => {
              if (recording.on) {
                const statement = statementOf(args[0]);
                record(statement, await measure(statement));
              }
              return prepared.execute(...values);
            },
          });
        },
      }),
    });
  };
  const measuredTx = (tx: Tx): Tx =>
    withMethods(tx, {
      execute: async (statement: SQL) => {
        if (recording.on) record(statement, await tableReadsIn(tx, statement));
        return tx.execute(statement);
      },
      _: measuredInternals(tx, (statement) => tableReadsIn(tx, statement)),
    });
  const db = withMethods(real, {
    execute: async (statement: SQL) => {
      if (recording.on) record(statement, await tableReads(real, statement));
      return real.execute(statement);
    },
    _: measuredInternals(real, (statement) => tableReads(real, statement)),
    transaction: <T>(work: (tx: Tx) => Promise<T>) =>
      real.transaction((tx) => work(measuredTx(tx))),
  });
  return { database: { ...database, db }, statements, recording };
}
