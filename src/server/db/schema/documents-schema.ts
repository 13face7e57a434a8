import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { folders } from './folders-schema';
import { organizations } from './organizations-schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A document of an organization, in one folder or in none. */
export const documents = pgTable(
  'documents',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    documentId: text('document_id').notNull(),
    documentName: text('document_name').notNull(),
    folderId: text('folder_id'),
    accessType: text('access_type').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    // Also the order of Get Documents' pages.
    primaryKey({ name: 'documents_pk', columns: [t.apiKeyId, t.organizationId, t.documentId] }),
    // A folder's documents in id order.
    index('documents_folder_idx').on(t.apiKeyId, t.organizationId, t.folderId, t.documentId),
    foreignKey({
      name: 'documents_organization_id_fk',
      columns: [t.apiKeyId, t.organizationId],
      foreignColumns: [organizations.apiKeyId, organizations.organizationId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'documents_folder_id_fk',
      columns: [t.apiKeyId, t.organizationId, t.folderId],
      foreignColumns: [folders.apiKeyId, folders.organizationId, folders.folderId],
    }),
  ],
);
