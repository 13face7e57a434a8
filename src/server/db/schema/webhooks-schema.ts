import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Advanced webhook settings of one API key; a key without a row has the defaults (all off). */
export const webhookConfigs = pgTable('webhook_configs', {
  apiKeyId: text('api_key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(false),
  encryptData: boolean('encrypt_data').notNull().default(false),
  encodeData: boolean('encode_data').notNull().default(false),
  publicKey: text('public_key').notNull().default(''),
  enableDataProtection: boolean('enable_data_protection').notNull().default(false),
  updatedAt: at('updated_at').notNull(),
});

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /**
     * `advanced` (an endpoint of Create Advanced Webhook Endpoint), or a URL of the basic webhook
     * service: `basic_raw` (events) or `basic_processed` (notifications), one each per key at most.
     * Only advanced endpoints are listed, counted and changed by the advanced endpoints' calls.
     */
    kind: text('kind', { enum: ['advanced', 'basic_raw', 'basic_processed'] })
      .notNull()
      .default('advanced'),
    description: text('description').notNull().default(''),
    /** Null: every event type. */
    filterTypes: text('filter_types').array(),
    /** Null: every channel (organization). */
    channels: text('channels').array(),
    disabled: boolean('disabled').notNull().default(false),
    rateLimit: integer('rate_limit'),
    uid: text('uid'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** AES-256-GCM sealed `whsec_…`; only Get Endpoint Secret ever opens it for a caller. */
    secretEnc: text('secret_enc').notNull(),
    /** The secret a rotation replaced; it signs beside the new one until it expires. */
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    /**
     * Rate pacing shared by every worker process: the earliest time the next delivery slot of a
     * rate-limited endpoint may start. Workers reserve slots by moving it forward atomically.
     */
    nextSlotAt: at('next_slot_at'),
    /** Failed attempts since the latest success (the circuit breaker counts them). */
    failureCount: integer('failure_count').notNull().default(0),
    /** The first failure since the latest success: the 5-day disable counts from it. */
    failingSince: at('failing_since'),
    /** Why the latest attempt failed (`HTTP 503`, or the error), and when. */
    lastFailure: text('last_failure'),
    lastFailureAt: at('last_failure_at'),
    /**
     * The latest messages that failed since the latest success (as many as open the circuit):
     * when it opens they are parked with the rest, rather than retried on their own schedule.
     */
    recentFailures: text('recent_failures')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set while the circuit is open: only the probe message is attempted, the rest waits parked. */
    circuitOpenedAt: at('circuit_opened_at'),
    probeMessageId: text('probe_message_id'),
    /** When the probe (or the next one to be picked) is attempted next. */
    nextProbeAt: at('next_probe_at'),
    /** `failing` (5 days) or `gone` (410): disabled by the service, its messages wait parked. */
    disabledReason: text('disabled_reason', { enum: ['failing', 'gone'] }),
    disabledAt: at('disabled_at'),
    /**
     * When the worker next looks at the endpoint's health: to make the next batch of its parked
     * backlog due (after a recovery), or to pick the next probe (after one ran out of attempts).
     */
    healthCheckAt: at('health_check_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('webhook_endpoints_key_created_idx').on(t.apiKeyId, t.createdAt, t.id),
    uniqueIndex('webhook_endpoints_key_uid_uq').on(t.apiKeyId, t.uid),
    uniqueIndex('webhook_endpoints_key_basic_uq')
      .on(t.apiKeyId, t.kind)
      .where(sql`${t.kind} <> 'advanced'`),
    // The worker finds the endpoints whose health check came due: few, whatever the table holds.
    index('webhook_endpoints_health_idx')
      .on(t.healthCheckAt)
      .where(sql`${t.healthCheckAt} is not null`),
  ],
);

/**
 * The outbox: one row per event and matching endpoint, written in the transaction of the change
 * that caused the event, so that an event is never lost nor sent for a change that rolled back.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    /** `msg_…`, also the `webhook-id` header of every attempt. */
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    channel: text('channel'),
    /** The JSON payload as sent when neither encoding nor encryption is on. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts since the message was created or last resent; picks the next retry delay. */
    attemptCount: integer('attempt_count').notNull().default(0),
    /** Due time while pending; a worker's claim moves it to the end of its lease. */
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** Set while a worker holds the message; results are written only under the same claim. */
    claimId: text('claim_id'),
    /** True when next_attempt_at is a delivery slot already reserved under the rate limit. */
    slotted: boolean('slotted').notNull().default(false),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    index('webhook_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // Rate-limit slots that came due are claimed ahead of any backlog, to keep their pace.
    index('webhook_messages_slot_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending' and ${t.slotted}`),
    index('webhook_messages_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
    // A workspace's Status page reads each of its endpoints' own backlog, never other
    // workspaces' nor the endpoint's delivered log. Its due messages, by due time: the predicate
    // names the endpoint (always set) so that only a statement of given endpoints can use it; the
    // service-wide figures and the claim stay on the smaller due index.
    index('webhook_messages_endpoint_due_idx')
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending' and ${t.endpointId} is not null`),
    // Its messages waiting after a failed attempt, oldest first: without them in an index of
    // their own, a backlog held unattempted (a breaker's) would be walked to find one probe.
    index('webhook_messages_endpoint_failing_idx')
      .on(t.endpointId, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.attemptCount} > 0`),
    // Messages waiting behind an open circuit or a disabled endpoint (due 'infinity', out of the
    // due order), per endpoint in creation order: the order they flow back in.
    index('webhook_messages_parked_idx')
      .on(t.endpointId, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.nextAttemptAt} = 'infinity'`),
    index('webhook_messages_claimed_idx')
      .on(t.claimId)
      .where(sql`${t.claimId} is not null`),
    // Retention reads messages no longer pending delivery, oldest first.
    index('webhook_messages_finished_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'pending'`),
  ],
);

/** Every delivery attempt, for the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    attemptedAt: at('attempted_at').notNull(),
    /** Null when no HTTP answer came. */
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms').notNull(),
    responseBody: text('response_body').notNull().default(''),
    error: text('error'),
  },
  (t) => [
    index('webhook_attempts_message_idx').on(t.messageId, t.attemptedAt),
    // The last minutes' attempts, for the Status page's deliveries per minute.
    index('webhook_attempts_at_idx').on(t.attemptedAt),
  ],
);
