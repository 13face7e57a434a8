import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

/**
 * The e-mail service of an API key (Update Email Config). The provider's key is kept sealed with
 * the master key (`Secrets.encrypt`) beside its mask, which is all that is ever answered.
 */
export const emailConfigs = pgTable('email_configs', {
  apiKeyId: text('api_key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  provider: text('provider').notNull(),
  providerKeySealed: text('provider_key_sealed'),
  providerKeyMask: text('provider_key_mask'),
  fromEmail: text('from_email').notNull(),
  fromCompany: text('from_company').notNull(),
  triggers: jsonb('triggers').$type<Record<string, boolean>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The e-mail outbox and sent-mail log in one: a row is written `pending` in the transaction of
 * the comment it is about, with a job that sends it; the job marks it `sent` (or `failed` after
 * its last attempt). Get Sent Emails pages newest first through `sent_emails_created_idx`;
 * retention removes finished rows through `sent_emails_finished_idx`.
 */
export const sentEmails = pgTable(
  'sent_emails',
  {
    id: text('id').primaryKey(),
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id'),
    documentId: text('document_id'),
    annotationId: text('annotation_id'),
    /** Who the e-mail is for and whose comment it quotes: an erasure of either deletes it. */
    recipientUserId: text('recipient_user_id'),
    authorUserId: text('author_user_id'),
    trigger: text('trigger').notNull(),
    provider: text('provider').notNull(),
    toAddress: text('to_address').notNull(),
    fromName: text('from_name').notNull(),
    fromAddress: text('from_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The page the e-mail links to (the document in the console). */
    link: text('link').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('sent_emails_created_idx').on(t.apiKeyId, t.createdAt, t.id),
    // A document migration moves a document's e-mails with it (DOCUMENT_REFERENCES).
    index('sent_emails_document_idx').on(t.apiKeyId, t.organizationId, t.documentId),
    index('sent_emails_recipient_idx').on(t.apiKeyId, t.organizationId, t.recipientUserId),
    index('sent_emails_author_idx').on(t.apiKeyId, t.organizationId, t.authorUserId),
    index('sent_emails_finished_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'pending'`),
  ],
);
