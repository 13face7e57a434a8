import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

/**
 * The domains an API key allows (Add Domains), bare as `normaliseDomain` writes them; its auth
 * tokens carry the list as `domains`. Read by key in domain order, through the primary key.
 */
export const allowedDomains = pgTable(
  'allowed_domains',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.domain] })],
);
