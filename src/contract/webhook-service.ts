import { z } from 'zod';
import { atLeastOneFieldMessage, hasAnyField, noFields } from './common';
import { endpoint } from './endpoint';
import { webhookMessageSchema, webhookMessagesPage } from './webhook-deliveries';
import { MAX_WEBHOOK_URL_LENGTH } from './webhooks';

/**
 * The basic webhook service of the hosted product (Get / Update Webhook Config): one URL that gets
 * every event of the enabled triggers in the hosted product's basic payload, with a shared auth
 * token in `Authorization: Basic …`, and one URL that gets the notifications the service creates.
 */

/** A trigger of the basic service: an event type, the feature it belongs to, its basic actionType. */
export interface WebhookServiceTrigger {
  type: string;
  feature: 'comment' | 'huddle';
  label: string;
  /** The `actionType` of the hosted product's basic payload (WebhookV1Payload). */
  actionType: string;
  /** On in the defaults seeded when the service is first enabled. */
  defaultOn: boolean;
}

/** The triggers of the hosted reference, in the order the console shows them. */
export const webhookServiceTriggers: readonly WebhookServiceTrigger[] = [
  {
    type: 'comment_annotation.add',
    feature: 'comment',
    label: 'Thread created',
    actionType: 'newlyAdded',
    defaultOn: true,
  },
  {
    type: 'comment.add',
    feature: 'comment',
    label: 'Comment added',
    actionType: 'added',
    defaultOn: true,
  },
  {
    type: 'comment.update',
    feature: 'comment',
    label: 'Comment updated',
    actionType: 'updated',
    defaultOn: true,
  },
  {
    type: 'comment.delete',
    feature: 'comment',
    label: 'Comment deleted',
    actionType: 'deleted',
    defaultOn: true,
  },
  {
    type: 'comment_annotation.status_change',
    feature: 'comment',
    label: 'Status changed',
    actionType: 'statusChanged',
    defaultOn: true,
  },
  {
    type: 'comment_annotation.assign',
    feature: 'comment',
    label: 'Thread assigned',
    actionType: 'assigned',
    defaultOn: true,
  },
  {
    type: 'comment_annotation.priority_change',
    feature: 'comment',
    label: 'Priority changed',
    actionType: 'priorityChanged',
    defaultOn: true,
  },
  {
    type: 'comment_annotation.suggestion_accept',
    feature: 'comment',
    label: 'Suggestion accepted',
    actionType: 'accepted',
    defaultOn: false,
  },
  {
    type: 'comment_annotation.suggestion_reject',
    feature: 'comment',
    label: 'Suggestion rejected',
    actionType: 'rejected',
    defaultOn: false,
  },
  {
    type: 'comment.reaction_add',
    feature: 'comment',
    label: 'Reaction added',
    actionType: 'reactionAdded',
    defaultOn: true,
  },
  {
    type: 'comment.reaction_delete',
    feature: 'comment',
    label: 'Reaction removed',
    actionType: 'reactionDeleted',
    defaultOn: true,
  },
  {
    type: 'huddle.create',
    feature: 'huddle',
    label: 'Huddle created',
    actionType: 'created',
    defaultOn: true,
  },
  {
    type: 'huddle.join',
    feature: 'huddle',
    label: 'Huddle joined',
    actionType: 'joined',
    defaultOn: true,
  },
];

export const webhookServiceTriggerTypes = webhookServiceTriggers.map((t) => t.type);

/** The triggers seeded on first enable (the hosted reference's defaults). */
export const defaultWebhookServiceTriggers: Record<string, boolean> = Object.fromEntries(
  webhookServiceTriggers.map((t) => [t.type, t.defaultOn]),
);

/** The longest auth token: a header value, not a document. */
export const MAX_WEBHOOK_AUTH_TOKEN_LENGTH = 1000;
/** The longest public key: an RSA key of 8192 bits in PEM fits well inside. */
export const MAX_WEBHOOK_PUBLIC_KEY_LENGTH = 10_000;

/** An http(s) URL, or '' for none. Whether it is a public address is checked when it is saved. */
const notificationUrl = z
  .string()
  .trim()
  .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be a valid http(s) URL, or empty for none' },
  );

const triggersSchema = z
  .record(z.string(), z.boolean({ error: 'must map each trigger to true or false' }))
  .superRefine((triggers, ctx) => {
    for (const key of Object.keys(triggers)) {
      if (!webhookServiceTriggerTypes.includes(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is not a trigger; the triggers are ${webhookServiceTriggerTypes.join(', ')}`,
        });
      }
    }
  });

export const webhookServiceConfigSchema = z.object({
  /** Never in clear: the masked form of the stored token, or '' when there is none. */
  authToken: z.string(),
  rawNotificationUrl: z.string(),
  processedNotificationUrl: z.string(),
  encodeData: z.boolean(),
  encryptData: z.boolean(),
  publicKey: z.string(),
  triggers: z.record(z.string(), z.boolean()),
});
export type WebhookServiceConfig = z.infer<typeof webhookServiceConfigSchema>;

export const webhookServiceSchema = z.object({
  useWebhookService: z.boolean(),
  webhookServiceConfig: webhookServiceConfigSchema,
});
export type WebhookService = z.infer<typeof webhookServiceSchema>;

export const updateWebhookServiceConfigFields = z.strictObject({
  authToken: z
    .string()
    .max(
      MAX_WEBHOOK_AUTH_TOKEN_LENGTH,
      `must be at most ${MAX_WEBHOOK_AUTH_TOKEN_LENGTH} characters`,
    )
    .regex(/^[\x21-\x7e]*$/, 'must be printable ASCII without spaces (it travels in a header)')
    .optional(),
  rawNotificationUrl: notificationUrl.optional(),
  processedNotificationUrl: notificationUrl.optional(),
  encodeData: z.boolean().optional(),
  encryptData: z.boolean().optional(),
  publicKey: z
    .string()
    .max(
      MAX_WEBHOOK_PUBLIC_KEY_LENGTH,
      `must be at most ${MAX_WEBHOOK_PUBLIC_KEY_LENGTH} characters`,
    )
    .optional(),
  triggers: triggersSchema.optional(),
});

export const updateWebhookServiceRequest = z
  .strictObject({
    useWebhookService: z.boolean().optional(),
    webhookServiceConfig: updateWebhookServiceConfigFields.optional(),
  })
  .refine((v) => v.useWebhookService !== undefined || v.webhookServiceConfig !== undefined, {
    error: 'At least one of useWebhookService or webhookServiceConfig must be provided.',
  })
  .refine((v) => v.webhookServiceConfig === undefined || hasAnyField(v.webhookServiceConfig), {
    error: atLeastOneFieldMessage,
    path: ['webhookServiceConfig'],
  })
  .prefault({});
export type UpdateWebhookServiceRequest = z.input<typeof updateWebhookServiceRequest>;

export const getWebhookServiceConfig = endpoint({
  name: 'Get Webhook Config',
  path: '/v2/workspace/webhookconfig/get',
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  request: noFields,
  data: webhookServiceSchema,
  errors: [],
  access: { reveals: { fields: ['webhookServiceConfig.authToken'], seenBy: 'nobody' } },
});

export const updateWebhookServiceConfig = endpoint({
  name: 'Update Webhook Config',
  path: '/v2/workspace/webhookconfig/update',
  write: true,
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  request: updateWebhookServiceRequest,
  // The hosted product answers null; the console reads the saved value back with Get.
  data: z.null(),
  errors: ['INVALID_ARGUMENT'],
});

export const sendWebhookServiceTestEventRequest = z
  .strictObject({
    eventType: z
      .enum(webhookServiceTriggerTypes as [string, ...string[]], {
        error: `must be one of ${webhookServiceTriggerTypes.join(', ')}`,
      })
      .optional(),
  })
  .prefault({});

export const sendWebhookServiceTestEvent = endpoint({
  name: 'Send Webhook Service Test Event',
  path: '/v2/workspace/webhookconfig/test',
  write: true,
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: sendWebhookServiceTestEventRequest,
  data: z.object({ messageId: z.string() }),
  errors: ['INVALID_ARGUMENT', 'FAILED_PRECONDITION'],
});

export const webhookServiceTargetSchema = z.enum(['raw', 'processed']);
export type WebhookServiceTarget = z.infer<typeof webhookServiceTargetSchema>;

export const listWebhookServiceDeliveriesRequest = z
  .object({
    /** Which URL's deliveries: rawNotificationUrl (events) or processedNotificationUrl. */
    target: webhookServiceTargetSchema.optional(),
    ...webhookMessagesPage,
  })
  .prefault({});
export type ListWebhookServiceDeliveriesRequest = z.input<
  typeof listWebhookServiceDeliveriesRequest
>;

export const listWebhookServiceDeliveries = endpoint({
  name: 'List Webhook Service Deliveries',
  path: '/v2/workspace/webhookconfig/deliveries/list',
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: listWebhookServiceDeliveriesRequest,
  data: z.object({
    /** Newest first; `payload` is the basic payload before encoding or encryption. */
    messages: z.array(webhookMessageSchema),
    iterator: z.string().nullable(),
    done: z.boolean(),
  }),
  errors: ['INVALID_ARGUMENT'],
});
