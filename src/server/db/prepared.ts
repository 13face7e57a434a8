import { createHash } from 'node:crypto';
import { type SQL, is } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
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

/** pg's own parser of a type. */
const pgParser = pg.types.getTypeParser as (
  typeId: number,
  format?: 'text' | 'binary',
) => (value: string) => unknown;

/** timestamptz, timestamp, date, interval and their arrays, numeric[] (drizzle's node-postgres list). */
const RAW_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);

/**
 * pg's parsers as drizzle's driver sets them for each statement (dates and intervals stay the
 * database's text), made once: a statement sent past drizzle answers the same values.
 */
const driverTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(typeId) ? (value: string) => value : pgParser(typeId, format),
};

/**
 * A named statement of fixed text (`$1`, `$2` … for its parameters) run straight on the driver,
 * without the query object, tracing spans, cache wrapper and parser table drizzle builds on every
 * call; rows parse as drizzle's would. In a pipelined write transaction it goes to that
 * transaction's connection in its pipeline; elsewhere on PostgreSQL it is one `query({ name,
 * text, values })` on the pool (or the transaction's connection); on the embedded database it
 * runs as `namedStatement`. For the statements of hot reads and of every write, where that
 * per-call work showed in their profiles.
 */
export function driverStatement<T>(text: string): (db: DbOrTx, params: unknown[]) => Promise<T[]> {
  const name = nameOf(text);
  const config = { text, types: driverTypes, ...(name === undefined ? {} : { name }) };
  const viaDrizzle = namedStatement<T>(text);
  // Not async functions: each statement of a write costs one promise here, not three.
  const rowsOf = (result: pg.QueryResult) => result.rows as T[];
  return (db, params) => {
    const direct = (db as { [directQuery]?: DirectQuery })[directQuery];
    if (direct) return direct(config, params).then(rowsOf);
    const session: unknown = db._.session;
    if (!is(session, NodePgSession)) return viaDrizzle(db, params);
    const client = (session as unknown as { client: pg.Pool | pg.PoolClient }).client;
    return client.query({ ...config, values: params }).then(rowsOf);
  };
}

/** Rows of a statement of given text, once, as `driverStatement` runs it. */
export function rowsOfStatement<T>(db: DbOrTx, text: string, params: unknown[]): Promise<T[]> {
  return driverStatement<T>(text)(db, params);
}
