import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/schema';

/**
 * The query API over the service's schema, whichever driver opened it (PGlite or node-postgres).
 * A leaf: stores, transactions and the connection all take it from here, so that none of them
 * needs the module that opens the database (which needs the transactions: a cycle, issue 29).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
