import type { z } from 'zod';
import { type Activity, updateActivityLogsRequest } from '#contract/activities';
import { type Built, contractResolver } from '../../lib/contract-resolver';
import { jsonText, looseValueText, readJson, readLooseValue } from '../../lib/json-text';

/** One row of an activity's changes: a field and its values before and after, as typed. */
export interface ChangeRow {
  field: string;
  from: string;
  to: string;
}

/** The edit form's values: the updatable fields of an activity, the JSON ones as text. */
export interface ActivityValues {
  changes: ChangeRow[];
  displayMessageTemplate: string;
  /** JSON text of an object. */
  displayMessageTemplateData: string;
  actionIcon: string;
  /** JSON text of any value. */
  entityData: string;
  entityTargetData: string;
}

export type UpdateRequest = z.output<typeof updateActivityLogsRequest>;

/** The form's values for an activity as stored. */
export function activityValues(activity: Activity): ActivityValues {
  return {
    changes: Object.entries(activity.changes ?? {}).map(([field, change]) => ({
      field,
      from: looseValueText(change.from),
      to: looseValueText(change.to),
    })),
    displayMessageTemplate: activity.displayMessageTemplate ?? '',
    displayMessageTemplateData: jsonText(activity.displayMessageTemplateData),
    actionIcon: activity.actionIcon ?? '',
    entityData: jsonText(activity.entityData),
    entityTargetData: jsonText(activity.entityTargetData),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The rows as Update Activity Logs' `changes` map, or what is wrong with them. */
export function changesMap(
  rows: readonly ChangeRow[],
): { changes: Record<string, { from: unknown; to: unknown }> } | { problem: string } {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [index, row] of rows.entries()) {
    const field = row.field.trim();
    if (!field) return { problem: `Row ${index + 1} needs a field name.` };
    if (Object.hasOwn(changes, field)) return { problem: `The field ${field} is listed twice.` };
    changes[field] = { from: readLooseValue(row.from), to: readLooseValue(row.to) };
  }
  return { changes };
}

/**
 * The update the form makes for one activity: only the fields that differ from what is stored
 * (the contract refuses an update that changes nothing). A JSON field emptied sends its empty
 * value: `{}` for the template's data, null for the entity data.
 */
export function buildUpdate(
  organizationId: string,
  activity: Activity,
  values: ActivityValues,
): Built {
  const problems: Record<string, string> = {};
  const map = changesMap(values.changes);
  if ('problem' in map) problems.changes = map.problem;
  const templateData = readJson(values.displayMessageTemplateData, 'object');
  if (!templateData.ok) problems.displayMessageTemplateData = templateData.message;
  const entity = readJson(values.entityData);
  if (!entity.ok) problems.entityData = entity.message;
  const target = readJson(values.entityTargetData);
  if (!target.ok) problems.entityTargetData = target.message;
  if (Object.keys(problems).length > 0 || 'problem' in map) return { problems };

  const update: Record<string, unknown> = { id: activity.id };
  if (!same(map.changes, activity.changes ?? {})) update.changes = map.changes;
  if (values.displayMessageTemplate !== (activity.displayMessageTemplate ?? '')) {
    update.displayMessageTemplate = values.displayMessageTemplate;
  }
  const data = templateData.ok ? (templateData.value ?? {}) : {};
  if (!same(data, activity.displayMessageTemplateData ?? {})) {
    update.displayMessageTemplateData = data;
  }
  if (values.actionIcon.trim() !== (activity.actionIcon ?? '')) {
    update.actionIcon = values.actionIcon.trim();
  }
  const entityValue = entity.ok ? (entity.value ?? null) : null;
  if (!same(entityValue, activity.entityData)) update.entityData = entityValue;
  const targetValue = target.ok ? (target.value ?? null) : null;
  if (!same(targetValue, activity.entityTargetData)) update.entityTargetData = targetValue;
  return { request: { organizationId, activities: [update] } };
}

const jsonFields = ['changes', 'displayMessageTemplateData', 'entityData', 'entityTargetData'];

/** Where an issue of the request shows: its field in the form, or the form itself. */
export function activityFieldOf(path: string): string {
  const inner = path.replace(/^activities(\.0)?\.?/, '');
  if (inner === '') return 'root';
  return jsonFields.find((field) => inner === field || inner.startsWith(`${field}.`)) ?? inner;
}

/** The contract's Update Activity Logs schema, checking the update the form makes. */
export const activityResolver = (organizationId: string, activity: Activity) =>
  contractResolver<ActivityValues, UpdateRequest>(updateActivityLogsRequest, {
    build: (values) => buildUpdate(organizationId, activity, values),
    fieldOf: (path) => activityFieldOf(path.join('.')),
    namesInnerKey: true,
  });
