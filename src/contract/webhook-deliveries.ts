import { z } from 'zod';
import { isoDateTime, jsonObject, pageTokenSchema } from './common';
import { idRef } from './ids';
import { endpoint } from './endpoint';

/**
 * Extensions of the webhooks area for what happens after an endpoint exists: its signing secret's
 * rotation and its delivery log. Kept apart from webhooks.ts, which holds the configuration.
 */

/** How long the replaced secret keeps signing beside the new one after a rotation. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;
export const MAX_WEBHOOK_MESSAGES_PAGE = 100;
/** The delivery log keeps this much of each response body. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export const webhookMessageStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookMessageStatus = z.infer<typeof webhookMessageStatusSchema>;

export const webhookAttemptSchema = z.object({
  attemptedAt: z.iso.datetime(),
  /** Null when no HTTP answer came: refused, unreachable, timed out. */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first kilobyte of the response body. */
  responseBody: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookMessageSchema = z.object({
  /** Also the `webhook-id` header of every delivery attempt of this message. */
  id: z.string(),
  eventType: z.string(),
  /** The organization the event happened in; null for test events. */
  channel: z.string().nullable(),
  status: webhookMessageStatusSchema,
  createdAt: z.iso.datetime(),
  /** When the next attempt is due; null unless pending. */
  nextAttemptAt: z.iso.datetime().nullable(),
  /** Why a message failed without an attempt (endpoint or feature disabled at delivery time). */
  failureReason: z.string().nullable(),
  /** The payload before encoding or encryption. */
  payload: jsonObject,
  /** Oldest first. */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

const endpointIdRequest = z.object({ endpointId: idRef() });

const isoTime = isoDateTime();

/** The page of a delivery log: at most `limit` messages after the `iterator` of the last page. */
export const webhookMessagesPage = {
  limit: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_WEBHOOK_MESSAGES_PAGE, `must be at most ${MAX_WEBHOOK_MESSAGES_PAGE}`)
    .optional(),
  iterator: pageTokenSchema().optional(),
};

export const listWebhookMessagesRequest = z.object({ endpointId: idRef(), ...webhookMessagesPage });
export type ListWebhookMessagesRequest = z.input<typeof listWebhookMessagesRequest>;

export const resendWebhookMessageRequest = z.object({ endpointId: idRef(), messageId: idRef() });

export const recoverWebhookMessagesRequest = z
  .object({ endpointId: idRef(), since: isoTime, until: isoTime.optional() })
  .refine((v) => v.until === undefined || Date.parse(v.until) > Date.parse(v.since), {
    error: 'must be later than since',
    path: ['until'],
  });
export type RecoverWebhookMessagesRequest = z.input<typeof recoverWebhookMessagesRequest>;

export const rotateAdvancedWebhookEndpointSecret = endpoint({
  name: 'Rotate Advanced Webhook Endpoint Secret',
  path: '/v2/workspace/advancedwebhook/endpoints/secret/rotate',
  write: true,
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: endpointIdRequest,
  // The new secret is read with Get Advanced Webhook Endpoint Secret, the only answer that has it.
  data: z.object({
    endpointId: z.string(),
    rotatedAt: z.iso.datetime(),
    previousSecretExpiresAt: z.iso.datetime(),
  }),
  errors: ['INVALID_ARGUMENT'],
});

export const listAdvancedWebhookEndpointMessages = endpoint({
  name: 'List Advanced Webhook Endpoint Messages',
  path: '/v2/workspace/advancedwebhook/endpoints/messages/list',
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: listWebhookMessagesRequest,
  data: z.object({
    /** Newest first. */
    messages: z.array(webhookMessageSchema),
    /** Pass back as `iterator` for the next (older) page; null when done. */
    iterator: z.string().nullable(),
    done: z.boolean(),
  }),
  errors: ['INVALID_ARGUMENT'],
});

export const resendAdvancedWebhookMessage = endpoint({
  name: 'Resend Advanced Webhook Message',
  path: '/v2/workspace/advancedwebhook/endpoints/messages/resend',
  write: true,
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: resendWebhookMessageRequest,
  data: z.object({
    endpointId: z.string(),
    messageId: z.string(),
    status: webhookMessageStatusSchema,
  }),
  errors: ['INVALID_ARGUMENT', 'FAILED_PRECONDITION'],
});

export const recoverFailedAdvancedWebhookMessages = endpoint({
  name: 'Recover Failed Advanced Webhook Messages',
  path: '/v2/workspace/advancedwebhook/endpoints/messages/recover',
  write: true,
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: recoverWebhookMessagesRequest,
  data: z.object({ endpointId: z.string(), recovered: z.number().int() }),
  errors: ['INVALID_ARGUMENT', 'FAILED_PRECONDITION'],
});
