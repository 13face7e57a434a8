import { sql } from 'drizzle-orm';
import type { User } from '#contract/common';
import { readActivityConfig, recordsActivity } from './activity-config';
import { isDecision, syncDerivedJudgments } from './derived-judgments';
import { type DbOrTx, forEachChunk, rowsOf } from '../db/transaction';

/** One activity to record; absent optional fields are stored as null. */
export interface ActivityRecord {
  activityId: string;
  documentId?: string | undefined;
  featureType: string;
  actionType: string;
  actionUser: User;
  changes?: Record<string, { from?: unknown; to?: unknown }> | undefined;
  entityData?: unknown;
  entityTargetData?: unknown;
  displayMessageTemplate?: string | undefined;
  displayMessageTemplateData?: Record<string, unknown> | undefined;
  actionIcon?: string | undefined;
}

/** Activity rows per INSERT: one call may record tens of thousands (a call's comments). */
const ACTIVITIES_PER_STATEMENT = 2000;

// Absent fields are left out by JSON.stringify and read back as null by jsonb_to_recordset.
const orNull = (value: unknown) => (value === undefined ? null : value);

/**
 * Records activities of an organization, in the caller's transaction so that an activity exists
 * exactly when the write it describes does. The one writer of the activities table: Add Activity
 * Logs and every area whose writes record activities (comments, reactions, recordings, document
 * migrations) call it, since modules do not import each other. An id that exists already is
 * left as it was; answers the ids inserted. An inserted activity whose action type is a decision
 * derives its judgment here too (rows/derived-judgments.ts), so that every writer feeds the memory.
 */
export async function recordActivities(
  tx: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  rows: readonly ActivityRecord[],
  now: Date,
): Promise<Set<string>> {
  const inserted = new Set<string>();
  const at = now.toISOString();
  await forEachChunk(rows, ACTIVITIES_PER_STATEMENT, async (chunk) => {
    const values = chunk.map((r) => ({
      activity_id: r.activityId,
      document_id: orNull(r.documentId),
      feature_type: r.featureType,
      action_type: r.actionType,
      action_user: r.actionUser,
      changes: r.changes,
      entity_data: r.entityData,
      entity_target_data: r.entityTargetData,
      display_message_template: orNull(r.displayMessageTemplate),
      display_message_template_data: r.displayMessageTemplateData,
      action_icon: orNull(r.actionIcon),
    }));
    const added = await rowsOf<{ activity_id: string }>(
      tx,
      sql`insert into activities (api_key_id, organization_id, activity_id, document_id,
          feature_type, action_type, action_user, changes, entity_data, entity_target_data,
          display_message_template, display_message_template_data, action_icon, created_at,
          updated_at)
        select ${apiKeyId}, ${organizationId}, a.activity_id, a.document_id, a.feature_type,
          a.action_type, a.action_user, a.changes, a.entity_data, a.entity_target_data,
          a.display_message_template, a.display_message_template_data, a.action_icon,
          ${at}::timestamptz, ${at}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as a(activity_id text,
          document_id text, feature_type text, action_type text, action_user jsonb, changes jsonb,
          entity_data jsonb, entity_target_data jsonb, display_message_template text,
          display_message_template_data jsonb, action_icon text)
        on conflict do nothing
        returning activity_id`,
    );
    for (const row of added) inserted.add(row.activity_id);
    const decisions = chunk.filter((r) => isDecision(r.actionType) && inserted.has(r.activityId));
    await syncDerivedJudgments(
      tx,
      apiKeyId,
      organizationId,
      decisions.map((r) => r.activityId),
    );
  });
  return inserted;
}

/**
 * Records the activities the service writes by itself (comments, reactions, recordings, document
 * migrations, erasures): those the key's activity settings let through (Update Activity Config:
 * none while disabled, comment events only for the triggers on). Add Activity Logs, a client's
 * own records, goes to `recordActivities` directly.
 */
export async function recordServiceActivities(
  tx: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  rows: readonly ActivityRecord[],
  now: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const config = await readActivityConfig(tx, apiKeyId);
  const kept = rows.filter((r) => recordsActivity(config, r));
  return recordActivities(tx, apiKeyId, organizationId, kept, now);
}
