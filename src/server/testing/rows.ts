import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared Db type leaves open. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
