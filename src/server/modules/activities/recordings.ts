import type { z } from 'zod';
import { RECORDED_ACTIVITY_TYPES } from '#contract/activities';
import type { addRecordingsRequest } from '#contract/recordings';
import { type ActivityRecord, recordServiceActivities } from '../../rows/activity-log';
import { newId } from '../../crypto/secrets';
import { failed, resultMap, succeeded } from '../../http/item-results';
import type { Services } from '../../services';
import { type NewRecording, insertNewRecordings } from './feature-store';

/** The activity a new recording records. */
const recordingActivity = (documentId: string, r: NewRecording): ActivityRecord => ({
  activityId: newId('act'),
  documentId,
  ...RECORDED_ACTIVITY_TYPES.recordingAdd,
  actionUser: r.from,
  entityData: { recordingId: r.recordingId, type: r.type },
  displayMessageTemplate: '{{actionUser}} added a {{type}} recording',
  displayMessageTemplateData: { type: r.type },
});

/**
 * Add Recordings: ids generated where absent; an id that exists in the organization is reported
 * as failed and left as it was; each recording added records its activity in the same
 * transaction.
 */
export async function addRecordings(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof addRecordingsRequest>,
) {
  const { organizationId, documentId } = input;
  const recordings: NewRecording[] = input.recordings.map((r) => ({
    ...r,
    recordingId: r.recordingId ?? newId('rec'),
  }));
  const now = s.clock();
  const added = await s.db.transaction(async (tx) => {
    const inserted = await insertNewRecordings(
      tx,
      { apiKeyId, organizationId, documentId },
      recordings,
      now,
    );
    const activities = recordings
      .filter((r) => inserted.has(r.recordingId))
      .map((r) => recordingActivity(documentId, r));
    await recordServiceActivities(tx, apiKeyId, organizationId, activities, now);
    return inserted;
  });
  return resultMap(
    recordings,
    (r) => r.recordingId,
    (_r, id) =>
      added.has(id)
        ? succeeded(id, 'Recording added.')
        : failed(id, `A recording with the id ${id} already exists.`),
  );
}
