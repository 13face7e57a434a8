import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Keyset paging, the one way lists page: order by a unique key, ask for one row more than the
 * page, and continue after the last row's key. No OFFSET (a deep page costs what the first does)
 * and no COUNT (the extra row tells whether another page follows).
 */
export interface KeysetPage<Row> {
  rows: Row[];
  /** Another page follows this one. */
  more: boolean;
}

/** Rows to ask the database for, for a page of `limit`. */
export const rowsToFetch = (limit: number): number => limit + 1;

/** The page out of what a query with `rowsToFetch(limit)` answered. */
export function keysetPage<Row>(found: readonly Row[], limit: number): KeysetPage<Row> {
  return { rows: found.slice(0, limit), more: found.length > limit };
}

/**
 * `(c1, c2, …) > (v1, v2, …)` (or `<` going backwards): rows strictly after a position in the
 * order of those columns. A row comparison, unlike the equivalent OR of terms, lets PostgreSQL
 * start the index scan at the position.
 */
export function afterPosition(
  columns: readonly SQLWrapper[],
  values: readonly unknown[],
  order: 'asc' | 'desc',
): SQL {
  const left = sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  );
  const right = sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
  return sql`(${left}) ${sql.raw(order === 'asc' ? '>' : '<')} (${right})`;
}
