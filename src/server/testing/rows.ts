import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';

/** Rows of a raw query, for tests that look at what the service stored. */
export function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(db, query);
}
