import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  type ActivityServiceConfig,
  defaultActivityServiceConfig,
  type updateActivityConfigRequest,
} from '#contract/activity-config';
import { changedFields } from '../../audit/audit-entry';
import type { AuditNote } from '../../audit/audit-note';
import { activityConfigs } from '../../db/schema/activity-config-schema';
import { readActivityConfig } from '../../rows/activity-config';
import type { Services } from '../../services';

type ConfigUpdate = z.output<typeof updateActivityConfigRequest>['activityServiceConfig'];

/** The audit's view: one field per setting, each trigger by its name. */
const auditView = (c: ActivityServiceConfig) => ({
  isEnabled: c.isEnabled,
  immutable: c.immutable,
  ...Object.fromEntries(
    Object.entries(c.triggers.comment).map(([t, on]) => [`triggers.comment.${t}`, on]),
  ),
});

/**
 * Update Activity Config: the fields given are merged into the saved settings (triggers one by
 * one), the others kept. Turning recording on stamps `enabledTime` unless one is given.
 */
export async function updateActivityConfig(
  s: Services,
  apiKeyId: string,
  update: ConfigUpdate,
  note: AuditNote,
): Promise<{ activityServiceConfig: ActivityServiceConfig }> {
  const now = s.clock();
  // Write endpoints run in their transaction (bind.ts): the row stays locked until it ends.
  const tx = s.db;
  // The first save inserts the defaults, so that concurrent updates merge one after another.
  await tx
    .insert(activityConfigs)
    .values({
      apiKeyId,
      isEnabled: defaultActivityServiceConfig.isEnabled,
      immutable: defaultActivityServiceConfig.immutable,
      triggers: defaultActivityServiceConfig.triggers,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const before = await readActivityConfig(tx, apiKeyId, true);
  const turnedOn = update.isEnabled === true && !before.isEnabled;
  const enabledTime = update.enabledTime ?? (turnedOn ? now.getTime() : before.enabledTime);
  const after: ActivityServiceConfig = {
    isEnabled: update.isEnabled ?? before.isEnabled,
    immutable: update.immutable ?? before.immutable,
    ...(enabledTime !== undefined ? { enabledTime } : {}),
    triggers: { comment: { ...before.triggers.comment, ...update.triggers?.comment } },
  };
  await tx
    .update(activityConfigs)
    .set({
      isEnabled: after.isEnabled,
      immutable: after.immutable,
      enabledTime: enabledTime !== undefined ? new Date(enabledTime) : null,
      triggers: after.triggers,
      updatedAt: now,
    })
    .where(eq(activityConfigs.apiKeyId, apiKeyId));
  note.changes(changedFields(auditView(before), auditView(after)));
  return { activityServiceConfig: after };
}
