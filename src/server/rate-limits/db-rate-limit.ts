import { sql } from 'drizzle-orm';
import type { RateLimitRule } from '../config/config';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';
import { type RateLimiter, type Window, refusal } from './rate-limit';

interface WindowRow {
  key: string;
  count: number;
  resetAt: Date | string;
}

/** One key to count, under its rule. */
export interface Counted {
  key: string;
  rule: RateLimitRule;
}

/**
 * Windows counted in the database, so that every service process on one PostgreSQL counts in
 * the same window: N requests spread over any number of processes meet the limit at N. One
 * upsert per counted request: the row's lock orders concurrent counts, and a window that ended
 * starts again at the count of this request. Windows long over are removed by retention.
 */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async hit(key: string, rule: RateLimitRule, message: string): Promise<void> {
    const now = this.now();
    const [window] = await this.countAll([{ key, rule }], now);
    if (window && window.count > rule.max) throw refusal(window, now, message);
  }

  /**
   * Counts one request of each key in one statement and answers their windows in the same
   * order. Rows are locked in the order given, so callers that always name their kinds of key
   * in one order never wait on each other in a cycle.
   */
  async countAll(keys: readonly Counted[], now = this.now()): Promise<Window[]> {
    const at = sql`${new Date(now).toISOString()}::timestamptz`;
    const rows = sql.join(
      keys.map(
        ({ key, rule }) =>
          sql`(${key}, 1, ${new Date(now + rule.windowMs).toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const written = await rowsOf<WindowRow>(
      this.db,
      sql`insert into rate_limit_windows as w (key, count, reset_at)
        values ${rows}
        on conflict (key) do update set
          count = case when w.reset_at <= ${at} then 1 else w.count + 1 end,
          reset_at = case when w.reset_at <= ${at} then excluded.reset_at else w.reset_at end
        returning key, count, reset_at as "resetAt"`,
    );
    const byKey = new Map(written.map((row) => [row.key, row]));
    return keys.map(({ key }) => {
      const row = byKey.get(key);
      if (!row) throw new Error('rate limit window not written');
      return { count: row.count, resetAt: new Date(row.resetAt).getTime() };
    });
  }
}
