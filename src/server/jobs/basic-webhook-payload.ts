import { webhookServiceTriggers } from '#contract/webhook-service';
import { NOTIFICATION_EVENT } from '../events/event-store';
import { PAYLOAD_PLATFORM } from './webhook-payload-sql';

/** The delivery payload every message stores (webhook-payload-sql.ts), read without trusting it. */
type StoredPayload = Partial<{
  event: string;
  actionType: string;
  source: string;
  data: unknown;
  webhookId: string;
}>;

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined;
const stringOr = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function metadataOf(apiKeyId: string, data: Json): Json {
  const organizationId = stringOr(data.organizationId);
  const documentId = stringOr(data.documentId);
  // Our organization and document ids are the client's own: the hosted product's `client…` ids.
  return {
    apiKey: apiKeyId,
    ...(documentId === undefined ? {} : { clientDocumentId: documentId, documentId }),
    ...(organizationId === undefined
      ? {}
      : { clientOrganizationId: organizationId, organizationId }),
  };
}

/**
 * An event in the hosted product's basic payload (WebhookV1Payload, webhooks/basic.mdx):
 * `{ webhookId, commentAnnotation, targetComment, actionType, notificationSource, actionUser,
 * metadata, platform }`, the actionType named as there (`newlyAdded`, `added`, `reactionAdded`…).
 * A thread's event targets its first comment; a comment's event carries the thread's ids.
 */
function eventPayload(stored: StoredPayload, apiKeyId: string): Json {
  const trigger = webhookServiceTriggers.find((t) => t.type === stored.event);
  const data = objectOr(stored.data) ?? {};
  const annotationId = stringOr(data.annotationId);
  const annotation = objectOr(data.commentAnnotation) ?? {
    ...(annotationId === undefined ? {} : { annotationId }),
    ...(data.organizationId === undefined ? {} : { organizationId: data.organizationId }),
    ...(data.documentId === undefined ? {} : { documentId: data.documentId }),
  };
  const comments = Array.isArray(annotation.comments) ? annotation.comments : [];
  const target = objectOr(data.comment) ?? objectOr(comments[0]);
  const actionUser = objectOr(target?.from) ?? objectOr(data.actionUser);
  return {
    webhookId: stored.webhookId,
    ...(trigger?.feature === 'huddle' ? {} : { commentAnnotation: annotation }),
    ...(target === undefined ? {} : { targetComment: target }),
    actionType: trigger?.actionType ?? stored.actionType,
    notificationSource: trigger?.feature ?? (stringOr(stored.event) ?? '').split('.')[0],
    ...(actionUser === undefined ? {} : { actionUser }),
    metadata: metadataOf(apiKeyId, data),
    platform: PAYLOAD_PLATFORM,
    ...(data.test === true ? { test: true } : {}),
  };
}

/**
 * A notification the service created, in the processed form: the notification as Get
 * Notifications answers it, with the payload's `webhookId`, `actionType` and `platform`.
 */
function notificationPayload(stored: StoredPayload): Json {
  return {
    webhookId: stored.webhookId,
    actionType: 'notificationAdded',
    ...objectOr(stored.data),
    platform: PAYLOAD_PLATFORM,
  };
}

/**
 * What the basic webhook service sends for a stored message, before encoding or encryption; the
 * delivery log shows the same. Built when sent rather than stored, so one outbox row format
 * serves advanced and basic deliveries alike.
 */
export function basicPayload(payloadJson: string, apiKeyId: string): Json {
  const stored = JSON.parse(payloadJson) as StoredPayload;
  return stored.event === NOTIFICATION_EVENT
    ? notificationPayload(stored)
    : eventPayload(stored, apiKeyId);
}
