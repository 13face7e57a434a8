import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys sealed under the master key, one row each: `stable` holds the keys of keyed hashes and
 * signatures (`crypto/stable-keys.ts`), which must outlive any master key, so a rotation
 * re-seals them with the other secrets instead of changing them.
 */
export const serviceKeys = pgTable('service_keys', {
  name: text('name').primaryKey(),
  /** `KeyRing.encrypt` of the key material (JSON). */
  sealed: text('sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
