import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

/**
 * An API key's activity service settings (Update Activity Config). No row: the defaults of
 * `defaultActivityServiceConfig`. Read by key on every write that records activities.
 */
export const activityConfigs = pgTable('activity_configs', {
  apiKeyId: text('api_key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull(),
  immutable: boolean('immutable').notNull(),
  enabledTime: timestamp('enabled_time', { withTimezone: true, mode: 'date' }),
  /** `{ comment: { <event type>: boolean } }`, the triggers set so far. */
  triggers: jsonb('triggers').$type<{ comment: Record<string, boolean> }>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
