import { z } from 'zod';
import { RECORDED_ACTIVITY_TYPES } from '#contract/activities';
import { recordServiceActivities } from '../../rows/activity-log';
import { lockOrganization } from '../../rows/organization-store';
import type { DbOrTx } from '../../db/transaction';
import type { JobRunner } from '../../jobs/job-runner';
import { jobKind } from '../../jobs/job-types';
import { scrubMentions } from './erase-mentions';
import { scrubWebhookRecords } from './erase-webhooks';
import type { ErasedIdentity } from './erase-scrub';
import type { ErasedCounts } from '#contract/user-data';
import { type ErasedUser, deleteUserRows, identityStrings } from './erase-store';

/**
 * Delete All User Data: one job per request, one task per user and organization. The job's
 * input holds ids only, never a name or an e-mail, so that the job rows keep no trace either.
 */
export const eraseJobKind = jobKind(
  'user-data.erase',
  z.object({ userIds: z.array(z.string()), organizationIds: z.array(z.string()).optional() }),
  z.object({ userId: z.string(), organizationId: z.string() }),
);

/**
 * Erases one user in one organization; answers what it removed and how many rows it rewrote.
 * The organization's row, when there is one, is share-locked first, as every writer of its data
 * does, so that a Delete Organizations of it waits instead of meeting the erase half-way.
 */
export async function eraseUser(db: DbOrTx, u: ErasedUser): Promise<ErasedCounts> {
  await lockOrganization(db, u.apiKeyId, u.organizationId);
  const strings = await identityStrings(db, u);
  const who: ErasedIdentity = {
    userId: u.userId,
    strings: new Set(strings),
    emails: strings.filter((s) => s.includes('@')),
  };
  const removed = await deleteUserRows(db, u);
  const mentionsRewritten = await scrubMentions(db, u, who);
  const webhookRecordsRewritten = await scrubWebhookRecords(db, u, who);
  return { ...removed, mentionsRewritten, webhookRecordsRewritten };
}

/** Every row an erase touched, deleted or rewritten. */
export const totalOf = (counts: ErasedCounts): number =>
  Object.values(counts).reduce((sum, n) => sum + n, 0);

/**
 * Each task runs in the transaction in which the runner marks it done (mode `transaction`): a
 * process killed in the middle leaves nothing half-erased and the task due again, and a task
 * that ran leaves nothing for a second run to find. The erasure's activity is recorded only
 * when something changed (so a second erase changes nothing), by the API key that asked, and
 * names no one: its entity data is the job and the counts.
 */
export function registerEraseJob(jobs: JobRunner): void {
  jobs.register(eraseJobKind, {
    mode: 'transaction',
    async runTask(tx, task) {
      const { userId, organizationId } = task.input;
      const apiKeyId = task.job.apiKeyId;
      const removed = await eraseUser(tx, { apiKeyId, organizationId, userId });
      const total = totalOf(removed);
      if (total === 0) return;
      await recordServiceActivities(
        tx,
        apiKeyId,
        organizationId,
        [
          {
            activityId: `erase-${task.job.id}-${task.seq}`,
            ...RECORDED_ACTIVITY_TYPES.userErase,
            actionUser: { userId: apiKeyId, name: 'API key' },
            entityData: { jobId: task.job.id, removed },
            displayMessageTemplate: 'User data erased ({{count}} rows)',
            displayMessageTemplateData: { count: total },
          },
        ],
        task.now,
      );
    },
  });
}
