import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { User } from '#contract/common';
import { apiKeys } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The author's user id, kept by the database from the `from` user: the user-data export and erase
 * read and delete one user's items page by page through an index on it, which a JSON field alone
 * would not give them, and no writer can let the two disagree.
 */
const authorId = () =>
  text('from_user_id')
    .notNull()
    .generatedAlwaysAs(sql`("from" ->> 'userId')`);

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
    fromUserId: authorId(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.organizationId, t.annotationId, t.commentId] }),
    // One author's comments in key order: the user-data export's pages and the erase's batches.
    index('comments_author_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.fromUserId,
      t.annotationId,
      t.commentId,
    ),
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

/** Reactions (an icon) on a document, or on one of its comment annotations. */
export const reactions = pgTable(
  'reactions',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    reactionId: text('reaction_id').notNull(),
    documentId: text('document_id').notNull(),
    annotationId: text('annotation_id'),
    icon: text('icon').notNull(),
    from: jsonb('from').$type<User>().notNull(),
    fromUserId: authorId(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.organizationId, t.reactionId] }),
    // What a document migration moves.
    index('reactions_document_idx').on(t.apiKeyId, t.organizationId, t.documentId),
    // One author's reactions in id order: the user-data export's pages and the erase's batches.
    index('reactions_author_idx').on(t.apiKeyId, t.organizationId, t.fromUserId, t.reactionId),
    // Whether a thread still has reactions (an erase removes a thread left with none).
    index('reactions_annotation_idx').on(t.apiKeyId, t.organizationId, t.annotationId),
  ],
);

/** Audio, video or screen recordings on a document, stored by reference (their URL). */
export const recordings = pgTable(
  'recordings',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    recordingId: text('recording_id').notNull(),
    documentId: text('document_id').notNull(),
    type: text('type').notNull(),
    url: text('url').notNull(),
    durationMs: integer('duration_ms'),
    from: jsonb('from').$type<User>().notNull(),
    fromUserId: authorId(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.organizationId, t.recordingId] }),
    index('recordings_document_idx').on(t.apiKeyId, t.organizationId, t.documentId),
    index('recordings_author_idx').on(t.apiKeyId, t.organizationId, t.fromUserId, t.recordingId),
  ],
);

/**
 * Activity logs of an organization: added through the API, or recorded by the writes they
 * describe (rows/activity-log.ts). Get Activity Logs pages in (created_at, activity_id) order, in
 * either direction, through one of three indexes: the organization's, a document's, a user's.
 */
export const activities = pgTable(
  'activities',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    activityId: text('activity_id').notNull(),
    documentId: text('document_id'),
    featureType: text('feature_type').notNull(),
    actionType: text('action_type').notNull(),
    actionUser: jsonb('action_user').$type<User>().notNull(),
    actionUserId: text('action_user_id')
      .notNull()
      .generatedAlwaysAs(sql`("action_user" ->> 'userId')`),
    changes: jsonb('changes'),
    entityData: jsonb('entity_data'),
    entityTargetData: jsonb('entity_target_data'),
    displayMessageTemplate: text('display_message_template'),
    displayMessageTemplateData: jsonb('display_message_template_data'),
    actionIcon: text('action_icon'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.organizationId, t.activityId] }),
    index('activities_time_idx').on(t.apiKeyId, t.organizationId, t.createdAt, t.activityId),
    index('activities_document_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.documentId,
      t.createdAt,
      t.activityId,
    ),
    index('activities_user_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.actionUserId,
      t.createdAt,
      t.activityId,
    ),
  ],
);
