import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit windows shared by every service process on one PostgreSQL: one row per limited key
 * (`<limit>:<client address or id>`), counted with one upsert, reused when its window ended.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // Retention removes windows that ended long ago, oldest first.
  (t) => [index('rate_limit_windows_reset_idx').on(t.resetAt)],
);
