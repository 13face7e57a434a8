import { z } from 'zod';
import { id, idList, isoDateTime, jsonObject, pageTokenSchema } from './common';
import { endpoint } from './endpoint';

/** The specification's page size of every list in Get All User Data. */
export const USER_DATA_ITEMS_PER_PAGE = 100;

/**
 * The export hands back the stored records as they are: their shapes belong to the client SDK's
 * features, which the specification does not show, so each item is a JSON object.
 */
export const userDataSchema = z.object({
  comments: z.array(jsonObject),
  reactions: z.array(jsonObject),
  recordings: z.array(jsonObject),
  notifications: z.array(jsonObject),
});
export type UserData = z.infer<typeof userDataSchema>;

export const dataDeletionJobStatusSchema = z.enum([
  'pending',
  'in_progress',
  'completed',
  'failed',
]);
export type DataDeletionJobStatus = z.infer<typeof dataDeletionJobStatusSchema>;

export const dataDeletionJobSchema = z.object({
  jobId: z.string(),
  status: dataDeletionJobStatusSchema,
  tasksCount: z.number().int(),
  tasksDone: z.number().int(),
  /** The hosted product's names for the same progress (DESIGN.md, Extensions). */
  isDeleteCompleted: z.boolean(),
  tasksLeft: z.number().int(),
  lastTaskCompletedTime: isoDateTime().nullable(),
});
export type DataDeletionJob = z.infer<typeof dataDeletionJobSchema>;

export const getAllUserDataRequest = z.object({
  organizationId: id(),
  userId: id(),
  pageToken: pageTokenSchema().optional(),
});
export type GetAllUserDataRequest = z.input<typeof getAllUserDataRequest>;

export const deleteAllUserDataRequest = z.object({
  userIds: idList(),
  organizationIds: idList().optional(),
});
export type DeleteAllUserDataRequest = z.input<typeof deleteAllUserDataRequest>;

export const getDataDeletionJobRequest = z.object({ jobId: id() });

export const getAllUserData = endpoint({
  name: 'Get All User Data',
  path: '/v1/users/data/get',
  auth: 'apiKey',
  area: 'user-data',
  envelope: 'A',
  request: getAllUserDataRequest,
  data: userDataSchema,
  pageField: 'nextPageToken',
  errors: ['INVALID_ARGUMENT'],
  numericErrorCode: true,
});

export const deleteAllUserData = endpoint({
  name: 'Delete All User Data',
  path: '/v1/users/data/delete',
  auth: 'apiKey',
  area: 'user-data',
  envelope: 'C',
  request: deleteAllUserDataRequest,
  data: z.object({ jobId: z.string(), tasksCount: z.number().int() }),
  errors: [],
});

export const getDataDeletionJob = endpoint({
  name: 'Get Data Deletion Job',
  path: '/v1/users/data/delete/status',
  auth: 'apiKey',
  area: 'user-data',
  envelope: 'A',
  extension: true,
  request: getDataDeletionJobRequest,
  data: dataDeletionJobSchema,
  errors: ['NOT_FOUND'],
});
