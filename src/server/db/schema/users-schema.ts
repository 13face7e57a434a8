import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { documents } from './documents-schema';
import { folders } from './folders-schema';
import { organizations, userGroups } from './organizations-schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user known in an organization: the profile (name, e-mail) as last added, and whether the
 * user was added to the organization itself (organization-level) besides any documents or
 * folders.
 */
export const organizationUsers = pgTable(
  'organization_users',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    organizationLevel: boolean('organization_level').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'organization_users_pk',
      columns: [t.apiKeyId, t.organizationId, t.userId],
    }),
    // Get Users with the organization alone pages its organization-level users in id order; in
    // the primary key they may be few among many document users, which a page would wade through.
    index('organization_users_level_idx')
      .on(t.apiKeyId, t.organizationId, t.userId)
      .where(sql`${t.organizationLevel}`),
    foreignKey({
      name: 'organization_users_organization_id_fk',
      columns: [t.apiKeyId, t.organizationId],
      foreignColumns: [organizations.apiKeyId, organizations.organizationId],
    }).onDelete('cascade'),
  ],
);

/** A membership row's reference to its user; removing the user removes the membership. */
const userKey = (
  table: string,
  t: { apiKeyId: AnyPgColumn; organizationId: AnyPgColumn; userId: AnyPgColumn },
) =>
  foreignKey({
    name: `${table}_user_id_fk`,
    columns: [t.apiKeyId, t.organizationId, t.userId],
    foreignColumns: [
      organizationUsers.apiKeyId,
      organizationUsers.organizationId,
      organizationUsers.userId,
    ],
  }).onDelete('cascade');

/** Users with access to a document. */
export const documentUsers = pgTable(
  'document_users',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    documentId: text('document_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'document_users_pk',
      columns: [t.apiKeyId, t.organizationId, t.documentId, t.userId],
    }),
    index('document_users_user_idx').on(t.apiKeyId, t.organizationId, t.userId, t.documentId),
    foreignKey({
      name: 'document_users_document_id_fk',
      columns: [t.apiKeyId, t.organizationId, t.documentId],
      foreignColumns: [documents.apiKeyId, documents.organizationId, documents.documentId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    userKey('document_users', t),
  ],
);

/** Users with access to a folder. */
export const folderUsers = pgTable(
  'folder_users',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    folderId: text('folder_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'folder_users_pk',
      columns: [t.apiKeyId, t.organizationId, t.folderId, t.userId],
    }),
    index('folder_users_user_idx').on(t.apiKeyId, t.organizationId, t.userId, t.folderId),
    foreignKey({
      name: 'folder_users_folder_id_fk',
      columns: [t.apiKeyId, t.organizationId, t.folderId],
      foreignColumns: [folders.apiKeyId, folders.organizationId, folders.folderId],
    }).onDelete('cascade'),
    userKey('folder_users', t),
  ],
);

/** Members of an organization's user groups. */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    groupId: text('group_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'user_group_members_pk',
      columns: [t.apiKeyId, t.organizationId, t.groupId, t.userId],
    }),
    index('user_group_members_user_idx').on(t.apiKeyId, t.organizationId, t.userId, t.groupId),
    foreignKey({
      name: 'user_group_members_group_id_fk',
      columns: [t.apiKeyId, t.organizationId, t.groupId],
      foreignColumns: [userGroups.apiKeyId, userGroups.organizationId, userGroups.groupId],
    }).onDelete('cascade'),
    userKey('user_group_members', t),
  ],
);
