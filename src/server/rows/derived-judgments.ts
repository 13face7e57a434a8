import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/transaction';

/**
 * Activity action types that are decisions, and the side each counts toward (DESIGN.md,
 * Memory); other action types (`comment`, `resolve`, `in_progress`, …) derive no judgment.
 */
export const DECISION_ACTION_TYPES: Readonly<Record<string, 'approve' | 'reject'>> = {
  approved: 'approve',
  agree: 'approve',
  endorse: 'approve',
  document_approved: 'approve',
  rejected: 'reject',
  disagree: 'reject',
  document_rejected: 'reject',
};

export const isDecision = (actionType: string): boolean =>
  Object.hasOwn(DECISION_ACTION_TYPES, actionType);

/**
 * The id of the judgment an activity derives: the same for the same activity whatever writes
 * it, so that re-deriving replaces instead of adding. Activity ids are unique per organization,
 * judgment ids per key, hence the organization in the hash.
 */
export function derivedJudgmentId(organizationId: string, activityId: string): string {
  const digest = createHash('sha256').update(`${organizationId}\u0000${activityId}`);
  return `jdg_act_${digest.digest('base64url').slice(0, 22)}`;
}

/** A user object shows as its name, else its id; other objects as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null) {
    const user = value as { name?: unknown; userId?: unknown };
    if (typeof user.name === 'string' && user.name !== '') return user.name;
    if (typeof user.userId === 'string') return user.userId;
  }
  return JSON.stringify(value) ?? '';
}

/**
 * The activity's message as a reader sees it: its template with each `{{variable}}` filled from
 * the template data, `{{actionUser}}` from the activity's actor unless the data says otherwise
 * (as the console renders it), and an unknown variable left as written; without a template, the
 * feature and action, so that a judgment always has text to match.
 */
export function renderedActivityText(a: {
  featureType: string;
  actionType: string;
  actionUser?: unknown;
  template: string | null;
  data: Record<string, unknown> | null;
}): string {
  const template = a.template?.trim();
  if (!template) return `${a.featureType} ${a.actionType}`;
  const data: Record<string, unknown> = { actionUser: a.actionUser, ...a.data };
  return template.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(data, name) && data[name] !== undefined && data[name] !== null
      ? shown(data[name])
      : whole,
  );
}

interface ActivityFields {
  activityId: string;
  documentId: string | null;
  featureType: string;
  actionType: string;
  reviewerId: string;
  actionUser: unknown;
  template: string | null;
  data: Record<string, unknown> | null;
  createdMs: number;
}

/**
 * Brings the judgments derived from these activities of an organization in step with them, in
 * the caller's transaction: an activity whose action type is a decision has its judgment
 * (written, or rewritten from its current text, document, actor and time); any other has none.
 * Every write of the activities table calls it for the rows it wrote (rows/activity-log.ts,
 * Update Activity Logs, the erasure's scrub); deletion needs no call, the judgments' foreign
 * key to their activity deletes them with it.
 */
export async function syncDerivedJudgments(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  activityIds: readonly string[],
): Promise<void> {
  if (activityIds.length === 0) return;
  const found = await rowsOf<ActivityFields>(
    db,
    sql`select activity_id as "activityId", document_id as "documentId",
        feature_type as "featureType", action_type as "actionType",
        action_user_id as "reviewerId", action_user as "actionUser",
        display_message_template as template,
        display_message_template_data as data,
        (extract(epoch from created_at) * 1000)::float8 as "createdMs"
      from activities
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and activity_id in (select jsonb_array_elements_text(${JSON.stringify(activityIds)}::jsonb))`,
  );
  const decided = found.filter((a) => isDecision(a.actionType));
  const undecided = found.filter((a) => !isDecision(a.actionType)).map((a) => a.activityId);
  if (undecided.length > 0) {
    await db.execute(sql`delete from judgments
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and source_activity_id in
          (select jsonb_array_elements_text(${JSON.stringify(undecided)}::jsonb))`);
  }
  if (decided.length === 0) return;
  const rows = decided.map((a) => ({
    judgmentId: derivedJudgmentId(organizationId, a.activityId),
    activityId: a.activityId,
    documentId: a.documentId,
    text: renderedActivityText(a),
    decision: DECISION_ACTION_TYPES[a.actionType],
    reviewerId: a.reviewerId,
    decidedAt: Math.round(a.createdMs),
  }));
  await db.execute(sql`insert into judgments (api_key_id, judgment_id, organization_id,
      document_id, text, decision, reviewer_id, decided_at, source_activity_id)
    select ${apiKeyId}, j."judgmentId", ${organizationId}, j."documentId", j.text, j.decision,
      j."reviewerId", j."decidedAt", j."activityId"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as j("judgmentId" text,
      "activityId" text, "documentId" text, text text, decision text, "reviewerId" text,
      "decidedAt" bigint)
    on conflict (api_key_id, judgment_id) do update set document_id = excluded.document_id,
      text = excluded.text, decision = excluded.decision, reviewer_id = excluded.reviewer_id,
      decided_at = excluded.decided_at`);
}

/**
 * Re-derives the organization's judgments whose text holds one of `strings` (a user's names and
 * e-mails): after an erasure scrubbed them out of the activities, their judgments follow.
 */
export async function resyncJudgmentsMentioning(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  strings: readonly string[],
): Promise<void> {
  if (strings.length === 0) return;
  const found = await rowsOf<{ activityId: string }>(
    db,
    sql`select source_activity_id as "activityId" from judgments
      where api_key_id = ${apiKeyId} and organization_id = ${organizationId}
        and source_activity_id is not null
        and exists (select 1 from jsonb_array_elements_text(${JSON.stringify(strings)}::jsonb)
          as n(s) where strpos(text, n.s) > 0)`,
  );
  await syncDerivedJudgments(
    db,
    apiKeyId,
    organizationId,
    found.map((r) => r.activityId),
  );
}
