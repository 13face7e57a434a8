import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type DirectQuery, directQuery } from './pipelined-transaction';
import type { DbOrTx } from './transaction';

const dialect = new PgDialect();
/** Statement names by text: a statement's shape (not its values) names it. */
const names = new Map<string, string>();
/** Shapes kept by name at most; past that, statements run unnamed (and are planned each time). */
const MAX_NAMED = 1_000;

/** The name a statement of this text runs under, or none once `MAX_NAMED` shapes have one. */
export function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `q_${createHash('sha1').update(text).digest('base64url')}`;
  names.set(text, name);
  return name;
}

/**
 * Rows of a raw statement run as a named prepared statement: on PostgreSQL, each connection
 * parses it once and, after a few runs, PostgreSQL may keep a generic plan instead of planning
 * it on every call (its own choice, by estimated cost). For hot reads whose plan does not depend
 * on the values (equality on keys, keyset bounds, a limit), where planning was a visible share of
 * the call. The embedded database ignores the name.
 */
export async function preparedRowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const result: unknown = await db._.session
    .prepareQuery(query, undefined, nameOf(query.sql), false)
    .execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A named statement of fixed text (`$1`, `$2` … for its parameters), run without assembling SQL
 * on each call: for what every call of a kind runs (the credential read, the audit entry).
 */
export function namedStatement<T>(text: string): (db: DbOrTx, params: unknown[]) => Promise<T[]> {
  return async (db, params) => {
    const result: unknown = await db._.session
      .prepareQuery({ sql: text, params }, undefined, nameOf(text), false)
      .execute();
    return (result as { rows: T[] }).rows;
  };
}

/**
 * The type parsers drizzle gives each statement it runs (dates, times and intervals as PostgreSQL
 * writes them), made once: a statement sent past drizzle answers the same values.
 */
const asText = (value: string) => value;
const textTypes = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const builtIn = pg.types.getTypeParser as (oid: number, format?: string) => unknown;
const drizzleTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    textTypes.has(oid) ? asText : builtIn(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Rows of a statement of given text (`$1`, `$2` … for `params`), named as `namedStatement`'s. In a
 * pipelined write transaction it goes straight to the connection: drizzle's prepared query (two
 * query configs and their type-parser closures made per call) and its span and cache wrappers
 * are skipped, the statement and its answer are the same. Elsewhere (the embedded database, or
 * outside a write) it runs as `namedStatement` does. For the statements every write sends.
 */
export async function rowsOfStatement<T>(
  db: DbOrTx,
  text: string,
  params: unknown[],
): Promise<T[]> {
  const direct = (db as { [directQuery]?: DirectQuery })[directQuery];
  if (!direct) return namedStatement<T>(text)(db, params);
  const name = nameOf(text);
  const result = await direct(
    { text, types: drizzleTypes, ...(name === undefined ? {} : { name }) },
    params,
  );
  return result.rows as T[];
}
