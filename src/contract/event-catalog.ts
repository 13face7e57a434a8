import { z } from 'zod';
import { storedUserSchema } from './common';
import type { EventReceiver } from './event-types';
import { notificationSchema } from './notifications';
import { type OperationalEventType, operationalEvents } from './operational-events';

/**
 * The event-type catalog (DESIGN.md § Operations): every event type the service emits, each with
 * the schema of its payload's `data` and a sample of it. The one list of them: the server's
 * emitting code is typed by it (an event of a type it lacks does not compile), Send Test Event
 * sends its samples, and Get Advanced Webhook Event Types answers it with the fields read from
 * the schemas. Every delivery wraps `data` in `{ event, actionType, source, data, webhookId,
 * platform }` (DESIGN.md § Webhooks).
 */

export interface EventTypeEntry<S extends z.ZodType = z.ZodType> {
  description: string;
  receivers: readonly EventReceiver[];
  /** The payload's `data`. */
  data: S;
  /** A `data` of this type, as the service sends one; the compiler checks it against `data`. */
  sample: z.output<S>;
}

/** Keeps each entry's sample typed by its own schema. */
const entry = <S extends z.ZodType>(e: EventTypeEntry<S>): EventTypeEntry<S> => e;

const described = <S extends z.ZodType>(schema: S, description: string): S =>
  schema.meta({ description });

const where = {
  organizationId: described(z.string(), 'The organization: also the channel of the event.'),
  documentId: described(z.string(), 'The document the comment is on.'),
  annotationId: described(z.string(), 'The comment thread (annotation).'),
};

const eventCommentSchema = z.object({
  commentId: z.string(),
  commentText: described(z.string(), 'The comment as written.'),
  from: described(storedUserSchema, 'The author.'),
  to: described(z.array(storedUserSchema), 'The users the comment is addressed to.').optional(),
  createdAt: described(z.iso.datetime(), 'When the service recorded the comment.'),
});

const sampleUser = { userId: 'user-sample', name: 'Sample User', email: 'sample@example.com' };
const sampleWhere = { organizationId: 'org-sample', documentId: 'doc-sample' };
const sampleComment = {
  commentId: 'cmt_sample',
  commentText: 'This is a sample comment.',
  from: sampleUser,
  createdAt: '2026-01-01T12:00:00.000Z',
};

/**
 * An operational event (operational-events.ts) as the catalog lists it: advanced endpoints receive
 * it only when their filterTypes name it, never about themselves.
 */
// T keeps each entry's schema and sample its own type (the inferred return type depends on it).
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
const operational = <T extends OperationalEventType>(type: T) => {
  const { description, schema, sample } = operationalEvents[type];
  return entry({
    description: `${description} Sent only to the key's endpoints whose filterTypes name it, never to the endpoint it is about.`,
    receivers: ['advancedEndpoints'],
    data: schema,
    sample,
  });
};

/**
 * The catalog. To add a type: one entry here, with its description, receivers, the schema of its
 * `data` and a sample; the server's emitting code is then allowed to emit it.
 */
export const eventCatalog = {
  'comment_annotation.add': entry({
    description:
      'A comment thread was created (Add Comment Annotations), with its comments. Each of its comments is also a comment.add.',
    receivers: ['advancedEndpoints', 'webhookServiceRaw'],
    data: z.object({
      ...where,
      commentAnnotation: z.object({
        ...where,
        annotationId: z.string(),
        comments: z.array(eventCommentSchema),
        createdAt: z.iso.datetime(),
      }),
    }),
    sample: {
      ...sampleWhere,
      annotationId: 'ann_sample',
      commentAnnotation: {
        ...sampleWhere,
        annotationId: 'ann_sample',
        comments: [sampleComment],
        createdAt: sampleComment.createdAt,
      },
    },
  }),
  'comment.add': entry({
    description:
      'A comment was added to a thread. The webhook service sends a new thread’s first comment only as its comment_annotation.add.',
    receivers: ['advancedEndpoints', 'webhookServiceRaw'],
    data: z.object({
      ...where,
      commentId: described(z.string(), 'The comment added.'),
      comment: eventCommentSchema,
    }),
    sample: {
      ...sampleWhere,
      annotationId: 'ann_sample',
      commentId: sampleComment.commentId,
      comment: sampleComment,
    },
  }),
  'notification.add': entry({
    description:
      'A notification was added (Add Notifications), as Get Notifications answers it. Only the webhook service’s processed URL receives it.',
    receivers: ['webhookServiceProcessed'],
    data: notificationSchema,
    sample: {
      id: 'ntf_sample',
      notificationSource: 'custom',
      actionUser: sampleUser,
      displayHeadlineMessageTemplate: '{actionUser} mentioned you',
      displayHeadlineMessageTemplateData: { actionUser: sampleUser },
      displayBodyMessage: 'This is a sample notification.',
      metadata: { apiKey: 'key-sample', ...sampleWhere },
      notifyUsers: [sampleUser],
      notifyAll: true,
      timestamp: Date.parse(sampleComment.createdAt),
    },
  }),
  'endpoint.disabled': operational('endpoint.disabled'),
  'endpoint.circuit_opened': operational('endpoint.circuit_opened'),
  'endpoint.recovered': operational('endpoint.recovered'),
  'message.attempt.exhausted': operational('message.attempt.exhausted'),
} satisfies Record<string, EventTypeEntry>;

export type CatalogEventType = keyof typeof eventCatalog;
/** The `data` of an event of a catalogued type. */
export type CatalogEventData<T extends CatalogEventType> = (typeof eventCatalog)[T]['sample'];

export const catalogEventTypes = Object.keys(eventCatalog) as CatalogEventType[];

export const isCatalogEventType = (type: string): type is CatalogEventType =>
  Object.hasOwn(eventCatalog, type);
