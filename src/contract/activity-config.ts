import { z } from 'zod';
import { atLeastOneFieldMessage, hasAnyField, noFields } from './common';
import { endpoint } from './endpoint';

/**
 * The comment events the service records an activity for by itself (Add Comment Annotations):
 * the keys of `triggers.comment`. A trigger for an event the service never records would change
 * nothing, so it is refused rather than stored.
 */
export const ACTIVITY_COMMENT_TRIGGERS = ['comment_annotation.add', 'comment.add'] as const;
export type ActivityCommentTrigger = (typeof ACTIVITY_COMMENT_TRIGGERS)[number];

export const activityCommentTriggerLabels: Record<ActivityCommentTrigger, string> = {
  'comment_annotation.add': 'A comment thread is started',
  'comment.add': 'A comment is added',
};

const isCommentTrigger = (key: string): key is ActivityCommentTrigger =>
  (ACTIVITY_COMMENT_TRIGGERS as readonly string[]).includes(key);

export const activityServiceConfigSchema = z.object({
  /** While false, the service records no activity of its own (comments, reactions …). */
  isEnabled: z.boolean(),
  /** While true, Update Activity Logs changes nothing and answers each item as failed. */
  immutable: z.boolean(),
  /** When activity logging was last turned on, in ms since the epoch. */
  enabledTime: z.number().int().optional(),
  triggers: z.object({ comment: z.record(z.string(), z.boolean()) }),
});
export type ActivityServiceConfig = z.infer<typeof activityServiceConfigSchema>;

/**
 * What a key that has never been configured answers: recording on, as the service always did
 * (the hosted product starts disabled; see the decision), mutable, every comment trigger on.
 */
export const defaultActivityServiceConfig: ActivityServiceConfig = {
  isEnabled: true,
  immutable: false,
  triggers: {
    comment: Object.fromEntries(ACTIVITY_COMMENT_TRIGGERS.map((t) => [t, true])),
  },
};

const commentTriggers = z
  .record(z.string(), z.boolean({ error: 'must be true or false' }))
  .superRefine((map, ctx) => {
    for (const key of Object.keys(map)) {
      if (!isCommentTrigger(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is not a comment event that records activities; one of ${ACTIVITY_COMMENT_TRIGGERS.join(', ')}`,
        });
      }
    }
  });

/** 9999-12-31T23:59:59.999Z in ms. */
export const MAX_ENABLED_TIME = 253_402_300_799_999;

export const updateActivityConfigRequest = z.object({
  activityServiceConfig: z
    .strictObject({
      isEnabled: z.boolean().optional(),
      immutable: z.boolean().optional(),
      enabledTime: z
        .number()
        .int('must be a whole number of milliseconds')
        .min(0, 'must not be negative')
        // The last millisecond of 9999: a later one is past what the database stores.
        .max(MAX_ENABLED_TIME, 'must be a time in ms since the epoch before the year 10000')
        .optional(),
      triggers: z.strictObject({ comment: commentTriggers.optional() }).optional(),
    })
    .refine(hasAnyField, { error: atLeastOneFieldMessage }),
});
export type UpdateActivityConfigRequest = z.input<typeof updateActivityConfigRequest>;

export const getActivityConfig = endpoint({
  name: 'Get Activity Config',
  path: '/v2/workspace/activityconfig/get',
  auth: 'apiKey',
  area: 'activities',
  envelope: 'A',
  request: noFields,
  data: z.object({ activityServiceConfig: activityServiceConfigSchema }),
  errors: [],
});

export const updateActivityConfig = endpoint({
  name: 'Update Activity Config',
  path: '/v2/workspace/activityconfig/update',
  write: true,
  auth: 'apiKey',
  area: 'activities',
  envelope: 'A',
  request: updateActivityConfigRequest,
  // The hosted product answers a message alone; the saved config lets the console show it.
  data: z.object({ activityServiceConfig: activityServiceConfigSchema }),
  errors: [],
});
