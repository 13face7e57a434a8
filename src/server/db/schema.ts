import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One row per owner e-mail (lower-cased): verification is a property of the address. */
export const owners = pgTable('owners', {
  email: text('email').primaryKey(),
  id: text('id').notNull().unique(),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    ownerEmail: text('owner_email')
      .notNull()
      .references(() => owners.email),
    name: text('name').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerAvatar: text('owner_avatar').notNull().default(''),
    /** AES-256-GCM ciphertext: the token is returned by Get Workspace, so it must be recoverable. */
    authTokenEnc: text('auth_token_enc').notNull(),
    /** Keyed hash of the token, the only form used to check a presented token. */
    authTokenHash: text('auth_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspaces_owner_name_uq').on(t.ownerEmail, sql`lower(${t.name})`),
    index('workspaces_owner_created_idx').on(t.ownerEmail, t.createdAt),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['testing', 'production'] }).notNull(),
    tokenName: text('token_name').notNull().default('Default Auth Token'),
    authTokenEnc: text('auth_token_enc').notNull(),
    authTokenHash: text('auth_token_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_workspace_created_idx').on(t.workspaceId, t.createdAt)],
);
