import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';
import type { KeyRing } from '../crypto/key-ring';
import { KEY_ID_LENGTH, sealedPrefix } from '../crypto/key-ring';
import type { SealedColumn } from './sealed-columns';

/** `FROM` clause and value expression of a column's sealed values, one row per value. */
function source(col: SealedColumn): { from: SQL; value: SQL; key: SQL } {
  const table = sql.raw(col.table);
  const key = sql.raw(`t.${col.key}`);
  if (col.shape === 'map') {
    return {
      from: sql`${table} t cross join lateral jsonb_each(t.${sql.raw(col.column)}) as e(name, entry)`,
      value: sql`(e.entry ->> 'enc')`,
      key,
    };
  }
  return { from: sql`${table} t`, value: sql.raw(`t.${col.column}`), key };
}

const prefixLength = sealedPrefix('x'.repeat(KEY_ID_LENGTH)).length;

/**
 * A value of the column sealed under none of the ring's keys (`v2` naming another key), else
 * the first `v1` value (sealed before keys had ids: the caller tries to open it). One statement
 * each, stopping at the first hit; a column without one is read through once.
 */
export async function firstForeignSealed(
  db: Db,
  col: SealedColumn,
  ring: KeyRing,
): Promise<{ foreign?: string; legacy?: string }> {
  const { from, value } = source(col);
  const known = sql.join(
    ring.ids.map((id) => sql`${sealedPrefix(id)}`),
    sql`, `,
  );
  const [foreign] = await rowsOf<{ sealed: string }>(
    db,
    sql`select ${value} as sealed from ${from}
      where ${value} like 'v2.%' and left(${value}, ${prefixLength}) not in (${known})
      limit 1`,
  );
  const [legacy] = await rowsOf<{ sealed: string }>(
    db,
    sql`select ${value} as sealed from ${from} where ${value} like 'v1.%' limit 1`,
  );
  return { foreign: foreign?.sealed, legacy: legacy?.sealed };
}

/** Values of the column not sealed under the primary key (what a rotation has left to do). */
export async function countNotCurrent(db: Db, col: SealedColumn, ring: KeyRing): Promise<number> {
  const { from, value } = source(col);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${from}
      where ${value} <> '' and left(${value}, ${prefixLength}) <> ${sealedPrefix(ring.primaryId)}`,
  );
  return row?.n ?? 0;
}

export interface Batch {
  /** Rows read (a batch shorter than the limit is the column's last). */
  read: number;
  /** Rows sealed again by this batch. */
  resealed: number;
  /** Values no configured key opens, left as they are. */
  unopenable: number;
  /** The last key read: the next batch starts after it. */
  last: string | undefined;
}

/**
 * The next `limit` rows after `after` (in primary-key order) holding a value not sealed under the
 * primary key, sealed again in one statement. Each row is only changed if it still holds what was
 * read, so a secret changed meanwhile (a rotation of a webhook secret) keeps its new value, and a
 * batch run twice (a crash after its commit) finds those rows current and leaves them alone.
 */
export async function resealBatch(
  db: Db,
  col: SealedColumn,
  ring: KeyRing,
  after: string | undefined,
  limit: number,
): Promise<Batch> {
  const current = sealedPrefix(ring.primaryId);
  const table = sql.raw(col.table);
  const key = sql.raw(col.key);
  const column = sql.raw(col.column);
  const start = after === undefined ? sql`true` : sql`${key} > ${after}`;
  const stale =
    col.shape === 'map'
      ? sql`exists (select 1 from jsonb_each(${column}) as e(name, entry)
          where left(e.entry ->> 'enc', ${prefixLength}) <> ${current})`
      : sql`${column} <> '' and left(${column}, ${prefixLength}) <> ${current}`;
  const rows = await rowsOf<{ key: string; value: unknown }>(
    db,
    sql`select ${key} as key, ${column} as value from ${table}
      where ${start} and ${stale} order by ${key} limit ${limit}`,
  );
  let unopenable = 0;
  const changes: SQL[] = [];
  for (const row of rows) {
    const next = resealValue(col, row.value, ring);
    if (next === undefined) unopenable++;
    else changes.push(sql`(${row.key}, ${next.old}, ${next.sealed})`);
  }
  let resealed = 0;
  if (changes.length > 0) {
    const cast = sql.raw(col.shape === 'map' ? 'jsonb' : 'text');
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`with changed as (
        update ${table} t set ${column} = v.sealed::${cast}
        from (values ${sql.join(changes, sql`, `)}) as v(key, old, sealed)
        where t.${key} = v.key and t.${column} = v.old::${cast}
        returning 1
      )
      select count(*)::int as n from changed`,
    );
    resealed = row?.n ?? 0;
  }
  return { read: rows.length, resealed, unopenable, last: rows.at(-1)?.key };
}

/** The value sealed again under the primary key, with what it replaces (as SQL text). */
function resealValue(
  col: SealedColumn,
  value: unknown,
  ring: KeyRing,
): { old: string; sealed: string } | undefined {
  try {
    if (col.shape === 'text') {
      const old = String(value);
      return { old, sealed: ring.reseal(old) };
    }
    const map = value as Record<string, { enc: string } & Record<string, unknown>>;
    const next = Object.fromEntries(
      Object.entries(map).map(([name, entry]) => [
        name,
        ring.isCurrent(entry.enc) ? entry : { ...entry, enc: ring.reseal(entry.enc) },
      ]),
    );
    return { old: JSON.stringify(map), sealed: JSON.stringify(next) };
  } catch {
    return undefined;
  }
}
