import { z } from 'zod';
import { noFields } from './common';
import { endpoint } from './endpoint';

/**
 * Get Advanced Webhook Event Types: the event-type catalog (event-catalog.ts) as the service
 * answers it. Apart from the catalog itself, so that a client of the endpoint does not carry
 * every payload's schema.
 */

/** Who receives events of a type, when they subscribe to it. */
export const eventReceiverSchema = z.enum([
  /** Advanced webhook endpoints (their filterTypes). */
  'advancedEndpoints',
  /** The webhook service's raw URL (its triggers). */
  'webhookServiceRaw',
  /** The webhook service's processed URL (notifications). */
  'webhookServiceProcessed',
]);
export type EventReceiver = z.infer<typeof eventReceiverSchema>;

export const eventFieldSchema = z.object({
  /** Dotted, `[]` for an array's items: `comment.from.userId`, `commentAnnotation.comments[]`. */
  path: z.string(),
  /** JSON type: string, number, integer, boolean, object, array (several joined by `|`). */
  type: z.string(),
  required: z.boolean(),
  description: z.string().nullable(),
});
export type EventField = z.infer<typeof eventFieldSchema>;

export const eventTypeInfoSchema = z.object({
  type: z.string(),
  description: z.string(),
  receivers: z.array(eventReceiverSchema),
  /** The fields of the payload's `data`, parents before their children. */
  fields: z.array(eventFieldSchema),
  /** A sample `data`. */
  sample: z.record(z.string(), z.unknown()),
});
export type EventTypeInfo = z.infer<typeof eventTypeInfoSchema>;

export const getAdvancedWebhookEventTypes = endpoint({
  name: 'Get Advanced Webhook Event Types',
  path: '/v2/workspace/advancedwebhook/eventtypes/get',
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: z.object({ eventTypes: z.array(eventTypeInfoSchema) }),
  errors: [],
});
