import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { webhookEndpoints } from './webhooks-schema';

/**
 * Delivery figures per endpoint, hour and HTTP status, kept as attempts are recorded (in the
 * statement that records them): Get Advanced Webhook Endpoint Stats reads at most a week of
 * hours of one endpoint from here, never the attempt log. Basic webhook-service URLs are
 * endpoints too and get their rows alike.
 */
export const webhookEndpointStats = pgTable(
  'webhook_endpoint_stats',
  {
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The start of the hour (UTC) the attempts began in, on the service clock. */
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    /** The HTTP status answered; 0 for none (refused, unreachable, timed out). */
    status: integer('status').notNull(),
    attempts: integer('attempts').notNull(),
    successes: integer('successes').notNull(),
    /** Attempts per latency bucket (LATENCY_BOUNDS_MS of the contract), in its order. */
    latency: integer('latency').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'webhook_endpoint_stats_pkey', columns: [t.endpointId, t.hour, t.status] }),
    // Retention removes the oldest hours of every endpoint.
    index('webhook_endpoint_stats_hour_idx').on(t.hour),
  ],
);
