import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { activities } from './activities-schema';
import { apiKeys } from './schema';

/** Epoch milliseconds, like the other timestamps of the collaboration data. */
const epochMs = (name: string) => bigint(name, { mode: 'number' });

/** PostgreSQL's full-text document type; drizzle has no column type of its own for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What reviewers decided about an item (the memory Suggest Decision draws on): added through
 * Add Judgments, or derived from an activity whose action type is a decision
 * (`source_activity_id`; rows/derived-judgments.ts keeps it in step with the activity, and the
 * foreign key deletes it with the activity). The organization is optional: a judgment without
 * one is key-wide precedent. No foreign key to organizations or documents, like the other
 * feature data: Delete Organizations empties it by `organization-data.ts`, a document migration
 * moves it by `DOCUMENT_REFERENCES`.
 */
export const judgments = pgTable(
  'judgments',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    judgmentId: text('judgment_id').notNull(),
    organizationId: text('organization_id'),
    documentId: text('document_id'),
    text: text('text').notNull(),
    decision: text('decision', { enum: ['approve', 'reject'] }).notNull(),
    reason: text('reason'),
    reviewerId: text('reviewer_id').notNull(),
    decidedAt: epochMs('decided_at').notNull(),
    sourceActivityId: text('source_activity_id'),
    /** What full-text retrieval matches: the judged text and the reason, stemmed as English. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english'::regconfig, "text" || ' ' || coalesce("reason", ''))`,
      ),
  },
  (t) => [
    primaryKey({ name: 'judgments_pk', columns: [t.apiKeyId, t.judgmentId] }),
    // Get Judgments of the whole key, newest first.
    index('judgments_time_idx').on(t.apiKeyId, t.decidedAt, t.judgmentId),
    // An organization's judgments: its list, its deletion and an organization-scoped suggestion.
    index('judgments_organization_idx').on(t.apiKeyId, t.organizationId, t.decidedAt, t.judgmentId),
    // A document's: its list, a document-scoped suggestion and what a migration moves.
    index('judgments_document_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.documentId,
      t.decidedAt,
      t.judgmentId,
    ),
    // A reviewer's in an organization: the reviewer filter and a user's erasure.
    index('judgments_reviewer_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.reviewerId,
      t.decidedAt,
      t.judgmentId,
    ),
    // The judgment of an activity, found when the activity changes or is deleted.
    index('judgments_activity_idx').on(t.apiKeyId, t.organizationId, t.sourceActivityId),
    // Both GIN indexes write through (no pending list): with one, every search also scans the
    // list of rows not yet merged, up to 4 MB, until a vacuum merges it, which the embedded
    // database never runs; a rare word then took 20 ms instead of 4. Inserts pay a little more.
    index('judgments_search_idx').using('gin', t.search).with({ fastupdate: false }),
    // Trigram fallback for short or misspelled queries (`<%`, word similarity).
    index('judgments_text_trgm_idx')
      .using('gin', sql`${t.text} gin_trgm_ops`)
      .with({ fastupdate: false }),
    foreignKey({
      name: 'judgments_activity_fk',
      columns: [t.apiKeyId, t.organizationId, t.sourceActivityId],
      foreignColumns: [activities.apiKeyId, activities.organizationId, activities.activityId],
    }).onDelete('cascade'),
  ],
);
