import { sql } from 'drizzle-orm';
import type { RateLimitRule } from '../config';
import type { Db } from '../db/connection';
import { rowsOf } from '../db/transaction';
import { type RateLimiter, type Window, refusal } from './rate-limit';

interface WindowRow {
  count: number;
  resetAt: Date | string;
}

const windowOf = (row: WindowRow): Window => ({
  count: row.count,
  resetAt: new Date(row.resetAt).getTime(),
});

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
    const window = await this.add(key, rule, now);
    if (window.count > rule.max) throw refusal(window, now, message);
  }

  async count(key: string, rule: RateLimitRule): Promise<void> {
    await this.add(key, rule, this.now());
  }

  async check(key: string, rule: RateLimitRule, message: string): Promise<void> {
    const now = this.now();
    const [row] = await rowsOf<WindowRow>(
      this.db,
      sql`select count, reset_at as "resetAt" from rate_limit_windows
        where key = ${key} and reset_at > ${new Date(now).toISOString()}::timestamptz`,
    );
    if (row && row.count >= rule.max) throw refusal(windowOf(row), now, message);
  }

  private async add(key: string, rule: RateLimitRule, now: number): Promise<Window> {
    const at = sql`${new Date(now).toISOString()}::timestamptz`;
    const resetAt = new Date(now + rule.windowMs).toISOString();
    const [row] = await rowsOf<WindowRow>(
      this.db,
      sql`insert into rate_limit_windows as w (key, count, reset_at)
        values (${key}, 1, ${resetAt}::timestamptz)
        on conflict (key) do update set
          count = case when w.reset_at <= ${at} then 1 else w.count + 1 end,
          reset_at = case when w.reset_at <= ${at} then excluded.reset_at else w.reset_at end
        returning count, reset_at as "resetAt"`,
    );
    if (!row) throw new Error('rate limit window not written');
    return windowOf(row);
  }
}
