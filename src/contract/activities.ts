import { z } from 'zod';
import {
  hasAnyField,
  itemList,
  itemResult,
  itemResultMap,
  itemResultWithId,
  jsonObject,
  nameSchema,
  pageSize,
  pageTokenSchema,
  storedUserSchema,
  uniqueBy,
} from './common';
import { id, idRef, userSchema } from './ids';
import { endpoint } from './endpoint';

export const MAX_TEMPLATE_LENGTH = 5000;
export const MAX_COMMENT_TEXT_LENGTH = 50_000;
export const MAX_COMMENTS_PER_ANNOTATION = 100;
export const MAX_MENTIONS_PER_COMMENT = 100;

/** Map of field name to its `{ from, to }` values. */
export const activityChangesSchema = z.record(
  z.string(),
  z.object({ from: z.unknown(), to: z.unknown() }),
);

/** The fields of an activity that Update Activity Logs may change. */
const activityContent = {
  changes: activityChangesSchema.optional(),
  entityData: z.unknown().optional(),
  entityTargetData: z.unknown().optional(),
  /** `{{variable}}` placeholders filled from displayMessageTemplateData. */
  displayMessageTemplate: z
    .string()
    .max(MAX_TEMPLATE_LENGTH, `must be at most ${MAX_TEMPLATE_LENGTH} characters`)
    .optional(),
  displayMessageTemplateData: jsonObject.optional(),
  /** A URL or an icon identifier. */
  actionIcon: z.string().max(2000, 'must be at most 2000 characters').optional(),
};

/**
 * Strict: a field the specification does not list as updatable (featureType, actionUser …) is
 * refused rather than silently left unchanged.
 */
const activityUpdateSchema = z
  .strictObject({ id: idRef(), ...activityContent })
  .refine((v) => hasAnyField({ ...v, id: undefined }), {
    error: 'must change at least one field besides id',
  });

export const updateActivityLogsRequest = z.object({
  organizationId: idRef(),
  activities: itemList(activityUpdateSchema).superRefine(uniqueBy((a) => a.id)),
});
export type UpdateActivityLogsRequest = z.input<typeof updateActivityLogsRequest>;

export const MAX_ACTIVITY_TYPE_LENGTH = 100;

/** A feature or action type of a new activity: a name, one line. */
const name = nameSchema(MAX_ACTIVITY_TYPE_LENGTH);

/**
 * A type to filter by: any type stored, also one an earlier version stored with a control
 * character, so that its activities stay findable.
 */
const storedName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_ACTIVITY_TYPE_LENGTH, `must be at most ${MAX_ACTIVITY_TYPE_LENGTH} characters`);

export const newActivitySchema = z.object({
  id: id().optional(),
  documentId: id().optional(),
  /** The feature that acted, such as `comment`. */
  featureType: name,
  /** What it did, such as `add`. */
  actionType: name,
  actionUser: userSchema,
  ...activityContent,
});

export const addActivityLogsRequest = z.object({
  organizationId: id(),
  activities: itemList(newActivitySchema).superRefine(uniqueBy((a) => a.id)),
});
export type AddActivityLogsRequest = z.input<typeof addActivityLogsRequest>;

/** Get Activity Logs' bounds (DESIGN.md): filter ids and page size. */
export const MAX_ACTIVITY_FILTER_IDS = 30;
export const DEFAULT_ACTIVITIES_PAGE_SIZE = 1000;

const nameList = z
  .array(storedName)
  .min(1, 'must not be empty')
  .max(MAX_ACTIVITY_FILTER_IDS, `must have at most ${MAX_ACTIVITY_FILTER_IDS} items`);

export const getActivityLogsRequest = z.object({
  organizationId: idRef(),
  documentId: idRef().optional(),
  featureTypes: nameList.optional(),
  actionTypes: nameList.optional(),
  /** The acting user (`actionUser.userId`). */
  userId: idRef().optional(),
  activityIds: z
    .array(idRef())
    .min(1, 'must not be empty')
    .max(MAX_ACTIVITY_FILTER_IDS, `must have at most ${MAX_ACTIVITY_FILTER_IDS} items`)
    .optional(),
  /** By time: `desc` (newest first, the default) or `asc`. */
  order: z.enum(['asc', 'desc']).optional(),
  pageSize: pageSize().optional(),
  pageToken: pageTokenSchema().optional(),
});
export type GetActivityLogsRequest = z.input<typeof getActivityLogsRequest>;

/** An activity as stored: every field, absent ones as null; times in epoch milliseconds. */
export const activitySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  documentId: z.string().nullable(),
  featureType: z.string(),
  actionType: z.string(),
  actionUser: storedUserSchema,
  changes: activityChangesSchema.nullable(),
  entityData: z.unknown(),
  entityTargetData: z.unknown(),
  displayMessageTemplate: z.string().nullable(),
  displayMessageTemplateData: jsonObject.nullable(),
  actionIcon: z.string().nullable(),
  timestamp: z.number(),
  updatedTimestamp: z.number(),
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * The feature and action types of the activities the service records itself (DESIGN.md: comment
 * annotations, reactions, recordings and migrations record activities); the action types are
 * the names of the matching webhook events. Activities added through the API take any names.
 */
export const RECORDED_ACTIVITY_TYPES = {
  commentAnnotationAdd: { featureType: 'comment', actionType: 'comment_annotation.add' },
  commentAdd: { featureType: 'comment', actionType: 'comment.add' },
  reactionAdd: { featureType: 'reaction', actionType: 'reaction.add' },
  recordingAdd: { featureType: 'recording', actionType: 'recording.add' },
  documentMigrate: { featureType: 'document', actionType: 'document.migrate' },
  userErase: { featureType: 'user', actionType: 'user.erase' },
} as const;

export const commentSchema = z.object({
  commentText: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_COMMENT_TEXT_LENGTH, `must be at most ${MAX_COMMENT_TEXT_LENGTH} characters`),
  from: userSchema,
  /** The users the comment mentions (the hosted product's `to`): the e-mail service writes to them. */
  to: z
    .array(userSchema)
    .max(MAX_MENTIONS_PER_COMMENT, `must have at most ${MAX_MENTIONS_PER_COMMENT} items`)
    .optional(),
});

/**
 * Events one call may emit: each annotation is one (`comment_annotation.add`) and each comment one
 * (`comment.add`). The call writes them in its transaction, so this bounds its work.
 */
export const MAX_EVENTS_PER_CALL = 50_000;

export const addCommentAnnotationsRequest = z.object({
  organizationId: id(),
  documentId: id(),
  commentAnnotations: itemList(
    z.object({
      annotationId: id().optional(),
      commentData: itemList(commentSchema, MAX_COMMENTS_PER_ANNOTATION),
    }),
  )
    .superRefine(uniqueBy((a) => a.annotationId))
    .superRefine((annotations, ctx) => {
      const events = annotations.reduce((sum, a) => sum + 1 + a.commentData.length, 0);
      if (events > MAX_EVENTS_PER_CALL) {
        ctx.addIssue({
          code: 'custom',
          message: `must add at most ${MAX_EVENTS_PER_CALL} annotations and comments together (each is one event); this call adds ${events}`,
          input: annotations,
        });
      }
    }),
});
export type AddCommentAnnotationsRequest = z.input<typeof addCommentAnnotationsRequest>;

export const commentAnnotationResultSchema = itemResult.extend({
  annotationId: z.string(),
  commentIds: z.array(z.string()),
});

export const updateActivityLogs = endpoint({
  name: 'Update Activity Logs',
  path: '/v2/activities/update',
  write: true,
  auth: 'apiKey',
  area: 'activities',
  envelope: 'A',
  request: updateActivityLogsRequest,
  data: itemResultMap(itemResult),
  errors: [],
});

export const addActivityLogs = endpoint({
  name: 'Add Activity Logs',
  path: '/v2/activities/add',
  write: true,
  auth: 'apiKey',
  area: 'activities',
  envelope: 'A',
  extension: true,
  request: addActivityLogsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});

export const getActivityLogs = endpoint({
  name: 'Get Activity Logs',
  path: '/v2/activities/get',
  auth: 'apiKey',
  area: 'activities',
  envelope: 'A',
  extension: true,
  pageField: 'nextPageToken',
  request: getActivityLogsRequest,
  data: z.array(activitySchema),
  errors: [],
});

// Area 'activities': comments are client-SDK feature data that emit events, like activity logs;
// the 'documents' area only keeps document records.
export const addCommentAnnotations = endpoint({
  name: 'Add Comment Annotations',
  path: '/v2/commentannotations/add',
  write: true,
  auth: 'apiKey',
  area: 'activities',
  envelope: 'A',
  extension: true,
  request: addCommentAnnotationsRequest,
  data: itemResultMap(commentAnnotationResultSchema),
  errors: [],
});
