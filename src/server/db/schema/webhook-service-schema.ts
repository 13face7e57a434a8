import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

/**
 * The basic webhook service of one API key (Update Webhook Config); a key without a row has the
 * defaults (off, nothing configured). Its two URLs are delivery targets in webhook_endpoints
 * (kinds `basic_raw` and `basic_processed`), so that deliveries go through the advanced webhooks'
 * outbox, worker, retries, SSRF guard, delivery log and retention.
 */
export const webhookServiceConfigs = pgTable('webhook_service_configs', {
  apiKeyId: text('api_key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  useWebhookService: boolean('use_webhook_service').notNull().default(false),
  /** AES-256-GCM sealed (Secrets.encrypt); '' when there is none. Never answered in clear. */
  authTokenEnc: text('auth_token_enc').notNull().default(''),
  encodeData: boolean('encode_data').notNull().default(false),
  encryptData: boolean('encrypt_data').notNull().default(false),
  publicKey: text('public_key').notNull().default(''),
  /** Event type → on; a type absent is off. */
  triggers: jsonb('triggers').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
