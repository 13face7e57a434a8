import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations-schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The parent of a top-level folder, as the specification writes it. */
export const ROOT_FOLDER_ID = 'root';

/**
 * A folder of an organization. The chain of ancestors is stored on the row (`ancestors`, from
 * `root` to the parent), so Get Folders answers it without a query per level; subtrees are read
 * through `folder_closure`.
 */
export const folders = pgTable(
  'folders',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    folderId: text('folder_id').notNull(),
    folderName: text('folder_name').notNull(),
    /** `root` for a top-level folder. */
    parentFolderId: text('parent_folder_id').notNull(),
    /** `root`, then each ancestor down to the parent. */
    ancestors: text('ancestors').array().notNull(),
    /** 1 for a top-level folder. */
    depth: integer('depth').notNull(),
    /** The folder's access: its own, or when it inherits, its parent's as it was on creation. */
    accessType: text('access_type').notNull(),
    inheritAccessFromParent: boolean('inherit_access_from_parent').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    // Also the order of the flat listing.
    primaryKey({ name: 'folders_pk', columns: [t.apiKeyId, t.organizationId, t.folderId] }),
    // Immediate children of a folder (or of root), in id order.
    index('folders_parent_idx').on(t.apiKeyId, t.organizationId, t.parentFolderId, t.folderId),
    foreignKey({
      name: 'folders_organization_id_fk',
      columns: [t.apiKeyId, t.organizationId],
      foreignColumns: [organizations.apiKeyId, organizations.organizationId],
    }).onDelete('cascade'),
  ],
);

/**
 * Every (ancestor, descendant) pair of the folder trees with their distance (1 = child), so that
 * a subtree `maxDepth` levels deep is one index range: ancestor = F and distance ≤ maxDepth.
 */
export const folderClosure = pgTable(
  'folder_closure',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    ancestorId: text('ancestor_id').notNull(),
    distance: integer('distance').notNull(),
    descendantId: text('descendant_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'folder_closure_pk',
      columns: [t.apiKeyId, t.organizationId, t.ancestorId, t.distance, t.descendantId],
    }),
    index('folder_closure_descendant_idx').on(t.apiKeyId, t.organizationId, t.descendantId),
    foreignKey({
      name: 'folder_closure_descendant_id_fk',
      columns: [t.apiKeyId, t.organizationId, t.descendantId],
      foreignColumns: [folders.apiKeyId, folders.organizationId, folders.folderId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'folder_closure_ancestor_id_fk',
      columns: [t.apiKeyId, t.organizationId, t.ancestorId],
      foreignColumns: [folders.apiKeyId, folders.organizationId, folders.folderId],
    }).onDelete('cascade'),
  ],
);
