import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/** One-time login codes; only their keyed hash is stored, so a database copy cannot sign anyone in. */
export const loginCodes = pgTable(
  'login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('login_codes_expires_idx').on(t.expiresAt)],
);

/** Sealed AI provider keys: the ciphertext and the masked form that reads return. */
export type SealedAiKeys = Record<string, { enc: string; displayText: string }>;

/** Settings of one API key; a key without a row has the defaults. */
export const apiKeyConfigs = pgTable('api_key_configs', {
  apiKeyId: text('api_key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  enablePrivateComments: boolean('enable_private_comments').notNull().default(false),
  requireJwtToken: boolean('require_jwt_token').notNull().default(false),
  requireAutoOrgUser: boolean('require_auto_org_user').notNull().default(false),
  defaultDocumentAccessType: text('default_document_access_type', {
    enum: ['public', 'restricted', 'organizationPrivate'],
  })
    .notNull()
    .default('public'),
  aiKeys: jsonb('ai_keys').$type<SealedAiKeys>().notNull().default({}),
  usePermissionProvider: boolean('use_permission_provider').notNull().default(false),
  permissionProviderUrl: text('permission_provider_url').notNull().default(''),
  permissionProviderTokenEnc: text('permission_provider_token_enc'),
  permissionProviderTokenMask: text('permission_provider_token_mask').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
