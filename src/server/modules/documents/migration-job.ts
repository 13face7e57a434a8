import { z } from 'zod';
import { RECORDED_ACTIVITY_TYPES } from '#contract/activities';
import { recordServiceActivities } from '../../rows/activity-log';
import { newId } from '../../crypto/secrets';
import { lockOrganization } from '../../rows/organization-store';
import type { JobRunner } from '../../jobs/job-runner';
import { PermanentError, jobKind } from '../../jobs/job-types';
import { unknownDocument, unknownOrganization } from '../../http/unknown-ids';
import { documentTaken } from './messages';
import { documentExists, moveDocument } from './migration-store';

/**
 * Migrate Documents: one job of one task per request. The job's input names the organization,
 * which is how Migrate Documents Status finds only the migrations of the organization it asks
 * about.
 */
export const migrationJobKind = jobKind(
  'documents.migrate',
  z.object({ organizationId: z.string(), documentId: z.string(), newDocumentId: z.string() }),
  z.object({}),
);

/**
 * The task checks, moves and records the migration's activity in the transaction in which the runner marks it done (mode
 * `transaction`): a process killed mid-move leaves nothing moved and the task due again, and a
 * task is never moved twice. Source and target are checked when the task runs, not when the
 * request came: what counts is the state the move sees. A refusal is a PermanentError, whose
 * message becomes the job's failure reason, shown in the console.
 */
export function registerMigrationJob(jobs: JobRunner): void {
  jobs.register(migrationJobKind, {
    mode: 'transaction',
    async runTask(tx, task) {
      const { organizationId, documentId, newDocumentId } = task.job.input;
      const apiKeyId = task.job.apiKeyId;
      if (!(await lockOrganization(tx, apiKeyId, organizationId))) {
        throw new PermanentError(unknownOrganization(organizationId).message);
      }
      const source = { apiKeyId, organizationId, documentId };
      if (!(await documentExists(tx, source, true))) {
        throw new PermanentError(unknownDocument(organizationId, documentId).message);
      }
      if (await documentExists(tx, { apiKeyId, organizationId, documentId: newDocumentId })) {
        throw new PermanentError(documentTaken(newDocumentId, organizationId));
      }
      await moveDocument(tx, source, newDocumentId, task.now);
      // Recorded after the move, under the new id: the document's log continues there.
      await recordServiceActivities(
        tx,
        apiKeyId,
        organizationId,
        [
          {
            activityId: newId('act'),
            documentId: newDocumentId,
            ...RECORDED_ACTIVITY_TYPES.documentMigrate,
            // No user acts in a migration: the API key that asked for it does.
            actionUser: { userId: apiKeyId, name: 'API key' },
            changes: { documentId: { from: documentId, to: newDocumentId } },
            entityData: { migrationId: task.job.id },
            displayMessageTemplate: 'Document {{from}} migrated to {{to}}',
            displayMessageTemplateData: { from: documentId, to: newDocumentId },
          },
        ],
        task.now,
      );
    },
  });
}
