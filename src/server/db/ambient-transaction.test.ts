import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import { gate } from '../testing/gate';
import { ambientDb, inAmbientTransaction } from './ambient-transaction';
import type { Database } from './connection';
import type { Db } from './db';
import { rowsOf } from './transaction';

// A write call's statements, made through the modules' view of the database, commit or roll back
// together; statements made beside it, by a read or another call, are never part of it.
let database: Database;
let modules: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  modules = ambientDb(database.db);
});
afterAll(() => database.close());

const add = (key: string) =>
  modules.execute(
    sql`insert into rate_limit_windows (key, count, reset_at) values (${key}, 1, now())`,
  );
const keys = async (prefix: string) =>
  (
    await rowsOf<{ key: string }>(
      database.db,
      sql`select key from rate_limit_windows where key like ${`${prefix}%`} order by key`,
    )
  ).map((r) => r.key);

/**
 * A write call that adds `<prefix>-1`, says so (`wrote`), waits for `release`, adds `<prefix>-2`
 * and fails: what it wrote must roll back, and nothing made beside it meanwhile with it.
 */
function failingWrite(prefix: string) {
  const wrote = gate();
  const released = gate();
  const write = inAmbientTransaction(database.transactions, async () => {
    await add(`${prefix}-1`);
    wrote.open();
    await released.opened;
    await add(`${prefix}-2`);
    throw new Error('refused');
  });
  return { write, wrote: wrote.opened, release: released.open };
}

describe('a write call’s ambient transaction', () => {
  it('is not joined by a statement made beside it, and rolls back without it', async () => {
    const { write, wrote, release } = failingWrite('beside-write');
    await wrote;
    // Sent from the test, outside the call: on PGlite it waits for the transaction's end.
    const beside = add('beside-other');
    release();
    await expect(write).rejects.toThrow('refused');
    await beside;
    expect(await keys('beside-')).toEqual(['beside-other']);
  });

  it('commits its statements together after a write ended', async () => {
    await inAmbientTransaction(database.transactions, () => add('after-1'));
    await inAmbientTransaction(database.transactions, async () => {
      await add('after-2');
      await add('after-3');
    });
    expect(await keys('after-')).toEqual(['after-1', 'after-2', 'after-3']);
  });

  // Two transactions at once need two connections: on PostgreSQL only (`.ci/run`'s second pass).
  it.runIf(process.env.DATABASE_URL)(
    'stays a call’s own while another call commits beside it',
    async () => {
      const first = failingWrite('pair-first');
      await first.wrote;
      await inAmbientTransaction(database.transactions, () => add('pair-second'));
      first.release();
      await expect(first.write).rejects.toThrow('refused');
      expect(await keys('pair-')).toEqual(['pair-second']);
    },
  );
});
