import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from './transaction';

/** A table is analyzed again once it has grown by this share since its last ANALYZE… */
const GROWTH_SHARE = 0.2;
/** …and by at least this many pages (a few hundred rows). */
const GROWTH_PAGES = 8;

/**
 * ANALYZEs the tables (every table of the schema when none are named) that have grown well past
 * their planner statistics, and answers their names. The embedded database runs no autovacuum,
 * so without this its statistics stay those of empty tables: the planner then reads rows by key
 * through a wider index whose leading columns also match, and foreign-key checks do the same for
 * every row once their plan is cached, so writes slow down call after call. PGlite's row-change
 * counters stay at zero, so growth is judged by the table's size against `relpages`. The check is
 * one catalog read.
 */
export async function refreshStatistics(db: DbOrTx, tables?: readonly string[]): Promise<string[]> {
  const grown = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        ${tables ? sql`and c.relname in (select jsonb_array_elements_text(${JSON.stringify(tables)}::jsonb))` : sql``}
        and pg_relation_size(c.oid) / current_setting('block_size')::int
          > c.relpages * ${1 + GROWTH_SHARE}::float8 + ${GROWTH_PAGES}::int`,
  );
  for (const t of grown) await db.execute(sql`analyze ${sql.identifier(t.name)}`);
  return grown.map((t) => t.name);
}
