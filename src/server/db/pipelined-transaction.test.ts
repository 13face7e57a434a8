import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import type { Database } from './connection';
import { type DbOrTx, rowsOf } from './transaction';
import { rowsOfStatement } from './prepared';
import { isUniqueViolation } from './sql-state';

// The write calls' transactions (on PostgreSQL, BEGIN sent with the first statement and COMMIT
// with the last): all or nothing whichever statement fails, and the connection fit for the next.
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const add = (db: DbOrTx, key: string) =>
  db.execute(sql`insert into rate_limit_windows (key, count, reset_at) values (${key}, 1, now())`);
const count = async (prefix: string) =>
  (
    await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from rate_limit_windows where key like ${`${prefix}%`}`,
    )
  )[0]?.n;

/** drizzle's error for a statement PostgreSQL refused with a unique violation. */
const duplicateKey = { cause: { code: '23505' } };

describe('write transactions', () => {
  it('commits the first statement, the middle ones and the last', async () => {
    const answer = await database.transactions(async (tx, last) => {
      await add(tx, 'commit-1');
      await add(tx, 'commit-2');
      await last(() => add(tx, 'commit-3'));
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await count('commit-')).toBe(3);
  });

  it('commits a transaction whose only statement is the last', async () => {
    await database.transactions((tx, last) => last(() => add(tx, 'only-1')));
    expect(await count('only-')).toBe(1);
  });

  it('rolls everything back when the last statement fails, and reports its error', async () => {
    await add(database.db, 'last-taken');
    const failing = database.transactions(async (tx, last) => {
      await add(tx, 'last-1');
      await last(() => add(tx, 'last-taken'));
    });
    await expect(failing).rejects.toMatchObject(duplicateKey);
    expect(await count('last-1')).toBe(0);
  });

  it('rolls back when the first statement fails', async () => {
    await add(database.db, 'first-taken');
    const failing = database.transactions(async (tx) => {
      await add(tx, 'first-taken');
    });
    await expect(failing).rejects.toMatchObject(duplicateKey);
    await database.transactions((tx) => add(tx, 'first-after'));
    expect(await count('first-after')).toBe(1);
  });

  it('rolls back when the work throws after its statements', async () => {
    const failing = database.transactions(async (tx) => {
      await add(tx, 'thrown-1');
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(await count('thrown-')).toBe(0);
  });

  it('ends a transaction that sent nothing, and the connections stay fit', async () => {
    await expect(
      database.transactions(() => Promise.reject(new Error('before any statement'))),
    ).rejects.toThrow('before any statement');
    expect(await database.transactions(() => Promise.resolve(7))).toBe(7);
    // More transactions than the pool has connections: each connection is reused cleanly.
    for (let i = 0; i < 25; i++) {
      await database.transactions(async (tx, last) => {
        await add(tx, `reuse-${i}-a`);
        await last(() => add(tx, `reuse-${i}-b`));
      });
    }
    expect(await count('reuse-')).toBe(50);
  });

  it('holds row locks to the commit: concurrent increments lose none', async () => {
    await add(database.db, 'counter');
    await Promise.all(
      Array.from({ length: 30 }, () =>
        database.transactions(async (tx, last) => {
          const [row] = await rowsOf<{ count: number }>(
            tx,
            sql`select count from rate_limit_windows where key = 'counter' for update`,
          );
          await last(() =>
            tx.execute(
              sql`update rate_limit_windows set count = ${(row?.count ?? 0) + 1} where key = 'counter'`,
            ),
          );
        }),
      ),
    );
    const [row] = await rowsOf<{ count: number }>(
      database.db,
      sql`select count from rate_limit_windows where key = 'counter'`,
    );
    expect(row?.count).toBe(31);
  });
});

describe('statements sent past drizzle (rowsOfStatement)', () => {
  const insert = `insert into rate_limit_windows (key, count, reset_at)
    values ($1, $2, $3::timestamptz) returning key, count, reset_at as "resetAt"`;
  const at = '2026-01-02T03:04:05.000Z';

  it('answers what drizzle answers, in a transaction and outside one', async () => {
    const outside = await rowsOfStatement(database.db, insert, ['direct-outside', 2, at]);
    const inside = await database.transactions((tx, last) =>
      last(() => rowsOfStatement(tx, insert, ['direct-inside', 2, at])),
    );
    const viaDrizzle = await rowsOf<Record<string, unknown>>(
      database.db,
      sql`select key, count, reset_at as "resetAt" from rate_limit_windows
        where key = 'direct-inside'`,
    );
    expect(inside).toEqual(viaDrizzle);
    expect(outside).toEqual([{ ...viaDrizzle[0], key: 'direct-outside' }]);
  });

  it('rolls back with the transaction, first statement or last, and the connection stays fit', async () => {
    const failing = database.transactions(async (tx, last) => {
      await rowsOfStatement(tx, insert, ['direct-rolled-1', 1, at]);
      await last(() => rowsOfStatement(tx, insert, ['direct-rolled-1', 1, at]));
    });
    await expect(failing).rejects.toSatisfy((err) => isUniqueViolation(err));
    const first = database.transactions(async (tx) => {
      await rowsOfStatement(tx, insert, ['direct-inside', 1, at]);
    });
    await expect(first).rejects.toSatisfy((err) => isUniqueViolation(err));
    expect(await count('direct-rolled-')).toBe(0);
    await database.transactions((tx, last) =>
      last(() => rowsOfStatement(tx, insert, ['direct-after', 1, at])),
    );
    expect(await count('direct-after')).toBe(1);
  });
});
