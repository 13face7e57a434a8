import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditEntry } from '#contract/audit-log';

/**
 * One write call, written in the call's transaction by the binding (`audit/audited-call.ts`).
 * Owned by the workspace of the credential: deleting the workspace deletes its record (a trigger on
 * `workspaces`, migration 0019, instead of a foreign key: a key would lock the workspace's row on
 * every entry written, a sixth of a write's cost in the database), deleting an API key keeps it
 * (nothing on `api_key_id`), so the record of the deletion survives. No endpoint changes a row;
 * only the retention job deletes old ones.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The API key the entry concerns: the caller's, or the one a workspace call acted on. */
    apiKeyId: text('api_key_id'),
    action: text('action').notNull(),
    actor: jsonb('actor').$type<AuditEntry['actor']>().notNull(),
    /** The person who made the call through a session (`actor.email`), for the filter by person. */
    actorEmail: text('actor_email'),
    target: jsonb('target').$type<AuditEntry['target']>().notNull(),
    changes: jsonb('changes').$type<AuditEntry['changes']>().notNull(),
    summary: jsonb('summary').$type<AuditEntry['summary']>().notNull(),
  },
  (t) => [
    // Get Audit Log newest first (read backwards), and retention per workspace (read forwards):
    // no index on the time alone, which the planner would take for a time range and then sort.
    // Get Audit Log newest first (read backwards): the whole workspace, one key, one action, both.
    index('audit_entries_time_idx').on(t.workspaceId, t.at, t.id),
    index('audit_entries_key_idx')
      .on(t.workspaceId, t.apiKeyId, t.at, t.id)
      .where(sql`${t.apiKeyId} is not null`),
    index('audit_entries_action_idx').on(t.workspaceId, t.action, t.at, t.id),
    index('audit_entries_person_idx')
      .on(t.workspaceId, t.actorEmail, t.at, t.id)
      .where(sql`${t.actorEmail} is not null`),
    index('audit_entries_key_action_idx')
      .on(t.workspaceId, t.apiKeyId, t.action, t.at, t.id)
      .where(sql`${t.apiKeyId} is not null`),
  ],
);
