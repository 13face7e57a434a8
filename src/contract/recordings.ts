import { z } from 'zod';
import { httpUrl, itemList, itemResultMap, itemResultWithId, uniqueBy } from './common';
import { id, userSchema } from './ids';
import { endpoint } from './endpoint';

export const MAX_RECORDING_URL_LENGTH = 2000;
/** A day: longer is a mistake in the unit (seconds or microseconds), not a recording. */
export const MAX_RECORDING_DURATION_MS = 86_400_000;

export const recordingTypeSchema = z.enum(['audio', 'video', 'screen']);

export const addRecordingsRequest = z.object({
  organizationId: id(),
  documentId: id(),
  recordings: itemList(
    z.object({
      recordingId: id().optional(),
      type: recordingTypeSchema,
      /** Where the recording's file is; the service keeps the reference, not the file. */
      url: httpUrl().max(
        MAX_RECORDING_URL_LENGTH,
        `must be at most ${MAX_RECORDING_URL_LENGTH} characters`,
      ),
      durationMs: z
        .number()
        .int('must be a whole number')
        .min(0, 'must not be negative')
        .max(MAX_RECORDING_DURATION_MS, `must be at most ${MAX_RECORDING_DURATION_MS}`)
        .optional(),
      from: userSchema,
    }),
  ).superRefine(uniqueBy((r) => r.recordingId)),
});
export type AddRecordingsRequest = z.input<typeof addRecordingsRequest>;

// Area 'activities': recordings are client-SDK feature data like comments (DESIGN.md extensions).
export const addRecordings = endpoint({
  name: 'Add Recordings',
  path: '/v2/recordings/add',
  write: true,
  auth: 'apiKey',
  area: 'activities',
  envelope: 'A',
  extension: true,
  request: addRecordingsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});
