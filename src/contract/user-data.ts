import { z } from 'zod';
import { isoDateTime, jsonObject, pageTokenSchema } from './common';
import { idRef, idRefList } from './ids';
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
  organizationId: idRef(),
  userId: idRef(),
  pageToken: pageTokenSchema().optional(),
});
export type GetAllUserDataRequest = z.input<typeof getAllUserDataRequest>;

export const deleteAllUserDataRequest = z.object({
  userIds: idRefList(),
  organizationIds: idRefList().optional(),
  /** Beyond the hosted product: answer what the erase would remove, and change nothing. */
  dryRun: z.boolean().optional(),
});
export type DeleteAllUserDataRequest = z.input<typeof deleteAllUserDataRequest>;

const count = z.number().int().min(0);

/** What an erase removes of one user in one organization, row counts per feature. */
export const erasedCountsSchema = z.object({
  comments: count,
  /** Comment threads left with no comment and no reaction. */
  annotations: count,
  reactions: count,
  recordings: count,
  activities: count,
  /** Judgments the user made as reviewer. */
  judgments: count,
  /** Notifications the user acted in. */
  notifications: count,
  /** The user's own inbox entries of other users' notifications. */
  notificationInboxes: count,
  groupMemberships: count,
  documentAccess: count,
  folderAccess: count,
  memberships: count,
  /** Other users' rows that name the user (mention lists, template data), rewritten. */
  mentionsRewritten: count,
  /** The organization's webhook events, messages and recorded answers that named the user. */
  webhookRecordsRewritten: count,
});
export type ErasedCounts = z.infer<typeof erasedCountsSchema>;

/** The answer of a dry run of Delete All User Data: the tasks the job would run and their effect. */
export const erasePreviewSchema = z.object({
  tasksCount: z.number().int(),
  tasks: z.array(
    z.object({ userId: z.string(), organizationId: z.string(), removed: erasedCountsSchema }),
  ),
  totals: erasedCountsSchema,
});
export type ErasePreview = z.infer<typeof erasePreviewSchema>;

export const getDataDeletionJobRequest = z.object({ jobId: idRef() });

export const getAllUserData = endpoint({
  name: 'Get All User Data',
  path: '/v1/users/data/get',
  alsoAt: '/v2/users/data/get',
  auth: 'apiKey',
  area: 'user-data',
  envelope: 'A',
  request: getAllUserDataRequest,
  data: userDataSchema,
  pageField: 'nextPageToken',
  errors: ['INVALID_ARGUMENT'],
  numericErrorCode: true,
  access: { least: 'admin', denied: "export a user's data" },
});

export const deleteAllUserData = endpoint({
  name: 'Delete All User Data',
  path: '/v1/users/data/delete',
  alsoAt: '/v2/users/data/delete',
  write: true,
  auth: 'apiKey',
  area: 'user-data',
  envelope: 'C',
  request: deleteAllUserDataRequest,
  data: z.object({ jobId: z.string(), tasksCount: z.number().int() }),
  dryRun: erasePreviewSchema,
  errors: [],
});

export const getDataDeletionJob = endpoint({
  name: 'Get Data Deletion Job',
  path: '/v1/users/data/delete/status',
  alsoAt: '/v2/users/data/delete/status',
  auth: 'apiKey',
  area: 'user-data',
  envelope: 'A',
  extension: true,
  request: getDataDeletionJobRequest,
  data: dataDeletionJobSchema,
  errors: ['INVALID_ARGUMENT'],
});
