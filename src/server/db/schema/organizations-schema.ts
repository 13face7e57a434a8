import { boolean, foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An organization of one API key. Every other row of organization data names its organization
 * by `(api_key_id, organization_id)`, and deleting the organization deletes them all (see
 * `organization-data.ts`).
 */
export const organizations = pgTable(
  'organizations',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    organizationName: text('organization_name').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  // The primary key also orders Get Organizations' pages.
  (t) => [primaryKey({ name: 'organizations_pk', columns: [t.apiKeyId, t.organizationId] })],
);

/** An organization's user groups (`organizationUserGroupId`). */
export const userGroups = pgTable(
  'user_groups',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    groupId: text('group_id').notNull(),
    groupName: text('group_name').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_groups_pk', columns: [t.apiKeyId, t.organizationId, t.groupId] }),
    foreignKey({
      name: 'user_groups_organization_id_fk',
      columns: [t.apiKeyId, t.organizationId],
      foreignColumns: [organizations.apiKeyId, organizations.organizationId],
    }).onDelete('cascade'),
  ],
);
