import { z } from 'zod';
import {
  type Activity,
  type addActivityLogsRequest,
  DEFAULT_ACTIVITIES_PAGE_SIZE,
  type getActivityLogsRequest,
  type updateActivityLogsRequest,
} from '#contract/activities';
import type { Answer } from '#contract/endpoint';
import { recordActivities } from '../../rows/activity-log';
import { readActivityConfig } from '../../rows/activity-config';
import { syncDerivedJudgments } from '../../rows/derived-judgments';
import { keysetPage, rowsToFetch } from '../../db/keyset';
import { newId } from '../../crypto/secrets';
import { failed, resultMap, succeeded } from '../../http/item-results';
import { PageTokens } from '../../http/page-token';
import type { Services } from '../../services';
import {
  type ActivityRow,
  activitiesPageStatement,
  listActivities,
  updateActivities,
} from './activity-store';

/**
 * Add Activity Logs: ids generated where absent; an id that exists in the organization is
 * reported as failed and left as it was, the others are written together.
 */
export async function addActivityLogs(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof addActivityLogsRequest>,
) {
  const rows = input.activities.map(({ id, ...activity }) => ({
    ...activity,
    activityId: id ?? newId('act'),
  }));
  const added = await s.db.transaction((tx) =>
    recordActivities(tx, apiKeyId, input.organizationId, rows, s.clock()),
  );
  return resultMap(
    rows,
    (r) => r.activityId,
    (_r, id) =>
      added.has(id)
        ? succeeded(id, 'Activity added.')
        : failed(id, `An activity with the id ${id} already exists.`),
  );
}

/** The messages of Update Activity Logs per id (DESIGN.md, the hosted product's). */
export const activityUpdated = 'Activity updated.';
export const activityUpdateFailed = 'Failed to update activity.';
export const activityImmutable =
  'Activity logs are immutable for this API key (Update Activity Config): nothing was changed.';

/**
 * Update Activity Logs: changes only the fields each item gives, of the organization's
 * activities; an unknown id answers `success: false` while the others are updated, and every id
 * does while the key's activity logs are immutable (nothing is changed then). A decision's
 * derived judgment takes the new text in the same transaction.
 */
export async function updateActivityLogs(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof updateActivityLogsRequest>,
) {
  const result = await s.db.transaction(async (tx) => {
    if ((await readActivityConfig(tx, apiKeyId)).immutable) return 'immutable' as const;
    const ids = await updateActivities(
      tx,
      apiKeyId,
      input.organizationId,
      input.activities,
      s.clock(),
    );
    await syncDerivedJudgments(tx, apiKeyId, input.organizationId, [...ids]);
    return ids;
  });
  return resultMap(
    input.activities,
    (a) => a.id,
    (_a, id) =>
      result === 'immutable'
        ? { success: false, message: activityImmutable }
        : result.has(id)
          ? { success: true, message: activityUpdated }
          : { success: false, message: activityUpdateFailed },
  );
}

const activityOf = (row: ActivityRow): Activity => ({
  id: row.activity_id,
  organizationId: row.organization_id,
  documentId: row.document_id,
  featureType: row.feature_type,
  actionType: row.action_type,
  actionUser: row.action_user,
  changes: row.changes,
  entityData: row.entity_data,
  entityTargetData: row.entity_target_data,
  displayMessageTemplate: row.display_message_template,
  displayMessageTemplateData: row.display_message_template_data,
  actionIcon: row.action_icon,
  timestamp: row.created_ms,
  updatedTimestamp: row.updated_ms,
});

/** The same names in any order or repetition make the same query, for the token's binding. */
const nameSet = (names: readonly string[] | undefined) =>
  names === undefined ? null : [...new Set(names)].sort();

/**
 * Get Activity Logs: one keyset page of the organization's activities that match every filter,
 * newest first unless `order` is `asc`. `nextPageToken` continues this query and no other.
 */
export function activityPages(s: Services) {
  const tokens = new PageTokens(s.secrets, {
    name: 'activities',
    field: 'data.pageToken',
    position: z.object({ at: z.iso.datetime(), id: z.string() }),
  });
  return async (
    apiKeyId: string,
    input: z.output<typeof getActivityLogsRequest>,
  ): Promise<Answer<Activity[]>> => {
    const order = input.order ?? 'desc';
    const query = {
      apiKeyId,
      organizationId: input.organizationId,
      documentId: input.documentId ?? null,
      userId: input.userId ?? null,
      featureTypes: nameSet(input.featureTypes),
      actionTypes: nameSet(input.actionTypes),
      activityIds: nameSet(input.activityIds),
      order,
    };
    const position = tokens.decode(query, input.pageToken);
    const limit = input.pageSize ?? DEFAULT_ACTIVITIES_PAGE_SIZE;
    const statement = activitiesPageStatement(
      { ...input, apiKeyId, order },
      position,
      rowsToFetch(limit),
    );
    const { rows, more } = keysetPage(await listActivities(s.db, statement), limit);
    const last = rows.at(-1);
    return {
      data: rows.map(activityOf),
      message: 'Activities retrieved successfully.',
      pageToken:
        more && last
          ? tokens.encode(query, {
              at: new Date(last.created_ms).toISOString(),
              id: last.activity_id,
            })
          : null,
    };
  };
}
