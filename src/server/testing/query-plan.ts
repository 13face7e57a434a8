import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/db';
import { type DbOrTx, rowsOf } from '../db/transaction';

/** Rows a list may sort after reading them through an index: about one page, never a table. */
const MAX_SORTED_ROWS = 1000;

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  /** EXPLAIN ANALYZE only: rows a node answered per loop, and its loops. */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  /** EXPLAIN ANALYZE only: rows a filter or a recheck threw away, per loop. */
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The plan PostgreSQL picks for a statement with the statistics it has (ANALYZE the tables after
 * loading them), as a list of nodes.
 */
export async function planOf(db: DbOrTx, statement: SQL, analyze = false): Promise<PlanNode[]> {
  const [row] = await rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    db,
    analyze
      ? sql`explain (analyze, format json) ${statement}`
      : sql`explain (format json) ${statement}`,
  );
  const raw = row?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return nodesOf(parsed[0].Plan);
}

/**
 * The plan of a statement, as text, where a sequential scan is a last resort: which indexes can
 * it use? (On a table of a few rows, the only way to see that an index fits.)
 */
export async function planWithoutSeqScan(db: Db, statement: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${statement}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/**
 * Fails on a sequential scan and on a sort of more rows than a page: a list query must read its
 * rows through an index, in the index's order or sorting no more than what it reads for a page.
 * Answers the indexes the plan uses, for the caller to check the intended one is among them.
 */
export async function expectIndexedPlan(db: Db, statement: SQL): Promise<string[]> {
  const nodes = await planOf(db, statement);
  const shown = nodes.map(
    (n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`,
  );
  for (const node of nodes) {
    expect(node['Node Type'], `plan: ${shown.join(' > ')}`).not.toBe('Seq Scan');
    if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
      expect(node['Plan Rows'], `sort in plan: ${shown.join(' > ')}`).toBeLessThanOrEqual(
        MAX_SORTED_ROWS,
      );
    }
  }
  return nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
}

/**
 * Rows a statement reads from a table when it runs (EXPLAIN ANALYZE: every scan of the table,
 * times its loops): a quantity to compare with what the answer needs, where a plan's shape alone
 * cannot tell a scan of a few index entries from a scan of many.
 */
export async function rowsRead(db: Db, statement: SQL, table: string): Promise<number> {
  const nodes = await planOf(db, statement, true);
  return nodes
    .filter((n) => n['Relation Name'] === table)
    .reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), 0);
}

/** A statement of fixed text (`$1`, `$2` …) with its values, as drizzle's `sql` for EXPLAIN. */
export function numberedSql(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`,
  );
  return sql.join(chunks, sql``);
}

/** A test's value (a string, a number, a list of strings) as an SQL literal. */
function literalOf(value: unknown): string {
  if (Array.isArray(value)) return `array[${value.map(literalOf).join(', ')}]`;
  if (typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** Names each generic plan check's statement apart (a failed one is left to its connection). */
let genericChecks = 0;

/**
 * `expectIndexedPlan` for the plan PostgreSQL keeps for a named statement when it stops planning
 * each call (its generic plan, made without the values): a statement run by name must read
 * through an index whatever values come.
 */
export async function expectIndexedGenericPlan(
  db: Db,
  text: string,
  params: readonly unknown[],
): Promise<string[]> {
  // EXECUTE takes its arguments as text, not as bound parameters.
  const args = params.map(literalOf).join(', ');
  const name = `generic_plan_check_${String((genericChecks += 1))}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    const indexes = await expectIndexedPlan(tx, sql.raw(`execute ${name}(${args})`));
    await tx.execute(sql.raw(`deallocate ${name}`));
    return indexes;
  });
}
