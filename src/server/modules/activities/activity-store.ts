import { type SQL, sql } from 'drizzle-orm';
import type { User } from '#contract/common';
import { type DbOrTx, rowsOf } from '../../db/transaction';

/** The fields Update Activity Logs may change, as given (an absent field stays as it is). */
export interface ActivityUpdate {
  id: string;
  changes?: unknown;
  entityData?: unknown;
  entityTargetData?: unknown;
  displayMessageTemplate?: string | undefined;
  displayMessageTemplateData?: unknown;
  actionIcon?: string | undefined;
}

/** Column ← request field, JSON columns first. */
const JSON_FIELDS = [
  ['changes', 'changes'],
  ['entity_data', 'entityData'],
  ['entity_target_data', 'entityTargetData'],
  ['display_message_template_data', 'displayMessageTemplateData'],
] as const;
const TEXT_FIELDS = [
  ['display_message_template', 'displayMessageTemplate'],
  ['action_icon', 'actionIcon'],
] as const;

/**
 * Updates, in one statement, the given fields of each activity of the organization that exists;
 * a field the item leaves out keeps its value. Answers the ids updated.
 */
export async function updateActivities(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  updates: readonly ActivityUpdate[],
  now: Date,
): Promise<Set<string>> {
  const items = updates.map(({ id, ...fields }) => ({ id, fields }));
  const set = [
    ...JSON_FIELDS.map(
      ([column, field]) =>
        sql`${sql.identifier(column)} = case when u.fields ? ${field}
          then nullif(u.fields -> ${field}, 'null'::jsonb) else a.${sql.identifier(column)} end`,
    ),
    ...TEXT_FIELDS.map(
      ([column, field]) =>
        sql`${sql.identifier(column)} = case when u.fields ? ${field}
          then u.fields ->> ${field} else a.${sql.identifier(column)} end`,
    ),
  ];
  const updated = await rowsOf<{ activity_id: string }>(
    db,
    sql`update activities a set ${sql.join(set, sql`, `)}, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as u(id text, fields jsonb)
      where a.api_key_id = ${apiKeyId} and a.organization_id = ${organizationId}
        and a.activity_id = u.id
      returning a.activity_id`,
  );
  return new Set(updated.map((r) => r.activity_id));
}

export interface ActivityFilters {
  apiKeyId: string;
  organizationId: string;
  documentId?: string | undefined;
  userId?: string | undefined;
  featureTypes?: readonly string[] | undefined;
  actionTypes?: readonly string[] | undefined;
  activityIds?: readonly string[] | undefined;
  order: 'asc' | 'desc';
}

/** Where a page continues: after this activity in the list's order. */
export interface ActivityPosition {
  /** created_at as an ISO date-time. */
  at: string;
  id: string;
}

export interface ActivityRow {
  activity_id: string;
  organization_id: string;
  document_id: string | null;
  feature_type: string;
  action_type: string;
  action_user: User;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  entity_data: unknown;
  entity_target_data: unknown;
  display_message_template: string | null;
  display_message_template_data: Record<string, unknown> | null;
  action_icon: string | null;
  /** Epoch milliseconds. */
  created_ms: number;
  updated_ms: number;
}

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const epochMs = (column: string) =>
  sql`(extract(epoch from ${sql.identifier(column)}) * 1000)::float8`;

/**
 * Get Activity Logs' statement: at most `limit` activities of the filters in (created_at,
 * activity_id) order, ascending or descending, after `position`. The organization's time index,
 * a document's or a user's serves the order (read backwards for `desc`); the type filters are
 * checked on the rows the index yields, and activity ids are primary-key lookups.
 */
export function activitiesPageStatement(
  f: ActivityFilters,
  position: ActivityPosition | undefined,
  limit: number,
): SQL {
  const where: SQL[] = [
    sql`api_key_id = ${f.apiKeyId}`,
    sql`organization_id = ${f.organizationId}`,
  ];
  if (f.documentId !== undefined) where.push(sql`document_id = ${f.documentId}`);
  if (f.userId !== undefined) where.push(sql`action_user_id = ${f.userId}`);
  if (f.featureTypes) where.push(sql`feature_type in (${list(f.featureTypes)})`);
  if (f.actionTypes) where.push(sql`action_type in (${list(f.actionTypes)})`);
  if (f.activityIds) where.push(sql`activity_id in (${list(f.activityIds)})`);
  if (position) {
    const op = sql.raw(f.order === 'asc' ? '>' : '<');
    where.push(sql`(created_at, activity_id) ${op} (${position.at}::timestamptz, ${position.id})`);
  }
  const dir = sql.raw(f.order);
  return sql`select activity_id, organization_id, document_id, feature_type, action_type,
      action_user, changes, entity_data, entity_target_data, display_message_template,
      display_message_template_data, action_icon, ${epochMs('created_at')} as created_ms,
      ${epochMs('updated_at')} as updated_ms
    from activities
    where ${sql.join(where, sql` and `)}
    order by created_at ${dir}, activity_id ${dir}
    limit ${limit}`;
}

export const listActivities = (db: DbOrTx, statement: SQL): Promise<ActivityRow[]> =>
  rowsOf<ActivityRow>(db, statement);
