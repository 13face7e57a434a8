import { eq } from 'drizzle-orm';
import {
  type ActivityServiceConfig,
  defaultActivityServiceConfig,
} from '#contract/activity-config';
import { activityConfigs } from '../db/schema/activity-config-schema';
import type { DbOrTx } from '../db/transaction';

type ActivityConfigRow = typeof activityConfigs.$inferSelect;

/** A stored row as the API answers it, triggers set later than the row kept at their default. */
export function activityConfigOf(row: ActivityConfigRow | undefined): ActivityServiceConfig {
  if (row === undefined) return defaultActivityServiceConfig;
  return {
    isEnabled: row.isEnabled,
    immutable: row.immutable,
    ...(row.enabledTime ? { enabledTime: row.enabledTime.getTime() } : {}),
    triggers: {
      comment: { ...defaultActivityServiceConfig.triggers.comment, ...row.triggers.comment },
    },
  };
}

/** The key's activity service settings; `forUpdate` holds the row until the transaction ends. */
export async function readActivityConfig(
  db: DbOrTx,
  apiKeyId: string,
  forUpdate = false,
): Promise<ActivityServiceConfig> {
  const query = db.select().from(activityConfigs).where(eq(activityConfigs.apiKeyId, apiKeyId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return activityConfigOf(row);
}

/** Whether the service records an activity of this type by itself under these settings. */
export function recordsActivity(
  config: ActivityServiceConfig,
  activity: { featureType: string; actionType: string },
): boolean {
  if (!config.isEnabled) return false;
  if (activity.featureType !== 'comment') return true;
  return config.triggers.comment[activity.actionType] === true;
}
