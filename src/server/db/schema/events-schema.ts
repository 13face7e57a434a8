import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

/**
 * The event outbox: what a call emitted, written in the call's transaction with the endpoints it
 * matched at that moment, and consumed later by the webhook fan-out, which turns each event into
 * one message per endpoint and removes it. A call's work stays proportional to its own events,
 * whatever the number of endpoints; which endpoint gets what is still decided at emission.
 */
export const events = pgTable(
  'events',
  {
    /** Emission order; consumers take the oldest first. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** `<feature>.<action>`, e.g. `comment.add`. */
    type: text('type').notNull(),
    /** The organization the event happened in; null for events outside one. */
    channel: text('channel'),
    /** `api` for calls of the REST API. */
    source: text('source').notNull(),
    /** The event's data as JSON text, kept as written (key order included). */
    data: text('data').notNull(),
    /** The webhook endpoints the event matched when it was emitted. */
    endpointIds: text('endpoint_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('events_key_order_idx').on(t.apiKeyId, t.id)],
);
