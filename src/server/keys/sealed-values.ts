import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';
import type { SealedColumn } from './sealed-columns';

/**
 * Every sealed value of a column with where it is (`table.column key [entry]`), in key order: for
 * tests and checks that compare every secret before and after a rotation. Reads the whole column:
 * not for the service's own paths.
 */
export async function sealedValuesOf(db: Db, col: SealedColumn): Promise<Map<string, string>> {
  const key = sql.raw(col.key);
  const column = sql.raw(col.column);
  const table = sql.raw(col.table);
  const query: SQL =
    col.shape === 'map'
      ? sql`select ${key} || ' ' || e.name as at, e.entry ->> 'enc' as sealed
          from ${table} cross join lateral jsonb_each(${column}) as e(name, entry) order by 1`
      : sql`select ${key} as at, ${column} as sealed from ${table}
          where ${column} is not null and ${column} <> '' order by 1`;
  const rows = await rowsOf<{ at: string; sealed: string }>(db, query);
  return new Map(rows.map((row) => [`${col.name} ${row.at}`, row.sealed]));
}
