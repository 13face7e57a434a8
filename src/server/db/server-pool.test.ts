import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './connection';
import { rowsOf } from './transaction';
import { openTestDatabase } from '../testing/test-database';
import { type LostConnection, endServerPool, openServerPool } from './server-pool';

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('the pool of connections to PostgreSQL', () => {
  let database: Database;
  let url: string;
  /** A connection of the test's own, to watch and end the pool's from the server's side. */
  let watcher: pg.Client;

  beforeAll(async () => {
    database = await openTestDatabase();
    const [row] = await rowsOf<{ name: string }>(
      database.db,
      sql`select current_database() as name`,
    );
    const named = new URL(serverUrl ?? '');
    named.pathname = `/${row?.name}`;
    url = named.toString();
    watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
  });
  afterAll(async () => {
    await watcher.end();
    await database.close();
  });

  /** Runs `count` statements at once, so each takes its own connection; answers their server pids. */
  async function fill(pool: pg.Pool, count: number): Promise<number[]> {
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        pool.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.05)'),
      ),
    );
    return answers.map((a) => a.rows[0]?.pid ?? 0);
  }

  it('keeps serving when the server ends an idle connection, and says so without the URL', async () => {
    const lost: LostConnection[] = [];
    const pool = openServerPool(url, (l) => lost.push(l));
    try {
      const [first] = await fill(pool, 2);
      const removed = new Promise((resolve) => pool.once('remove', resolve));
      await watcher.query('select pg_terminate_backend($1)', [first]);
      await removed;
      expect(lost).toEqual([{ code: '57P01', message: expect.stringContaining('terminating') }]);
      expect(JSON.stringify(lost)).not.toContain('postgres://');
      expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await endServerPool(pool);
    }
  });

  it('is ended only when the server has let go of every connection', async () => {
    const pool = openServerPool(url);
    const pids = await fill(pool, 8);
    expect(new Set(pids).size).toBe(8);
    await endServerPool(pool);
    const { rows } = await watcher.query(
      'select pid from pg_stat_activity where pid = any($1::int[])',
      [pids],
    );
    expect(rows).toEqual([]);
  });
});
