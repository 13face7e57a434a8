import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { User } from '../../contract/common';
import { apiKeys } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Comment threads on a document; the tenant is the API key that wrote them. */
export const commentAnnotations = pgTable(
  'comment_annotations',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    annotationId: text('annotation_id').notNull(),
    documentId: text('document_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.organizationId, t.annotationId] }),
    // A document's annotations: what a document migration moves, without reading the whole
    // organization's.
    index('comment_annotations_document_idx').on(t.apiKeyId, t.organizationId, t.documentId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    apiKeyId: text('api_key_id').notNull(),
    organizationId: text('organization_id').notNull(),
    annotationId: text('annotation_id').notNull(),
    commentId: text('comment_id').notNull(),
    commentText: text('comment_text').notNull(),
    from: jsonb('from').$type<User>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.organizationId, t.annotationId, t.commentId] }),
    foreignKey({
      columns: [t.apiKeyId, t.organizationId, t.annotationId],
      foreignColumns: [
        commentAnnotations.apiKeyId,
        commentAnnotations.organizationId,
        commentAnnotations.annotationId,
      ],
    }).onDelete('cascade'),
  ],
);
