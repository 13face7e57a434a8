import type { z } from 'zod';
import type {
  WebhookAttempt,
  WebhookMessage,
  listWebhookMessagesRequest,
  recoverWebhookMessagesRequest,
} from '#contract/webhook-deliveries';
import type { sendTestEventRequest } from '#contract/webhooks';
import { ServiceError } from '../../http/service-error';
import { unknownWebhookMessage } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { requireWebhooksEnabled } from './config-service';
import { requireEndpoint } from './endpoint-service';
import type { EndpointRow } from './endpoint-store';
import { iterators } from './iterator';
import { keysetPage } from '../../db/keyset';
import {
  type AttemptRow,
  type MessageRow,
  attemptsOf,
  findMessage,
  insertDirectMessage,
  listMessagesPage,
  requeueFailed,
  requeueMessage,
} from './message-store';
import { sampleEvent } from './sample-events';

type ListInput = z.output<typeof listWebhookMessagesRequest>;
type RecoverInput = z.output<typeof recoverWebhookMessagesRequest>;
type TestInput = z.output<typeof sendTestEventRequest>;

export const DEFAULT_MESSAGES_PAGE = 50;
const DEFAULT_TEST_EVENT = 'comment.add';

function attemptView(row: AttemptRow): WebhookAttempt {
  return {
    attemptedAt: row.attemptedAt.toISOString(),
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    responseBody: row.responseBody,
    error: row.error,
  };
}

function messageView(
  row: MessageRow,
  attempts: WebhookAttempt[],
  payloadOf: PayloadView,
): WebhookMessage {
  return {
    id: row.id,
    eventType: row.eventType,
    channel: row.channel,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    // A parked message (due 'infinity', read as an invalid date) waits for its endpoint: no time.
    nextAttemptAt:
      row.status === 'pending' && Number.isFinite(row.nextAttemptAt.getTime())
        ? row.nextAttemptAt.toISOString()
        : null,
    failureReason: row.failureReason,
    payload: payloadOf(row.payload),
    attempts,
  };
}

/** The payload a delivery log shows for a stored one: as sent, before encoding or encryption. */
export type PayloadView = (stored: string) => Record<string, unknown>;

const asStored: PayloadView = (stored) => JSON.parse(stored) as Record<string, unknown>;

/** The delivery log of one endpoint: newest message first, each with all its attempts. */
export async function listMessages(s: Services, apiKeyId: string, input: ListInput) {
  const endpoint = await requireEndpoint(s, apiKeyId, input.endpointId);
  return messagesPage(s, endpoint.id, input, asStored);
}

/** A page of an endpoint's delivery log (advanced or basic), by the keyset of its index. */
export async function messagesPage(
  s: Services,
  endpointId: string,
  input: { limit?: number | undefined; iterator?: string | undefined },
  payloadOf: PayloadView,
) {
  const limit = input.limit ?? DEFAULT_MESSAGES_PAGE;
  const tokens = iterators(s.secrets, 'webhook-messages');
  const cursor = tokens.decode(endpointId, input.iterator);
  const { rows: page, more } = keysetPage(
    await listMessagesPage(s.db, endpointId, cursor, limit),
    limit,
  );
  const byMessage = new Map<string, WebhookAttempt[]>();
  for (const attempt of await attemptsOf(
    s.db,
    page.map((m) => m.id),
  )) {
    const list = byMessage.get(attempt.messageId) ?? [];
    list.push(attemptView(attempt));
    byMessage.set(attempt.messageId, list);
  }
  const last = page.at(-1);
  const done = !more || !last;
  return {
    messages: page.map((m) => messageView(m, byMessage.get(m.id) ?? [], payloadOf)),
    iterator: done
      ? null
      : tokens.encode(endpointId, {
          direction: 'next',
          createdAtMs: last.createdAt.getTime(),
          id: last.id,
        }),
    done,
  };
}

/** Sending needs the feature on and the endpoint enabled, like every other delivery. */
async function requireSendable(s: Services, apiKeyId: string, endpointId: string) {
  await requireWebhooksEnabled(s.db, apiKeyId);
  const endpoint = await requireEndpoint(s, apiKeyId, endpointId);
  if (endpoint.disabled) {
    throw new ServiceError(
      'FAILED_PRECONDITION',
      'The webhook endpoint is disabled; enable it with Update Advanced Webhook Endpoint first.',
    );
  }
  return endpoint;
}

export async function resendMessage(
  s: Services,
  apiKeyId: string,
  input: { endpointId: string; messageId: string },
) {
  const endpoint = await requireSendable(s, apiKeyId, input.endpointId);
  const message = await findMessage(s.db, endpoint.id, input.messageId);
  if (!message) throw unknownWebhookMessage(endpoint.id, input.messageId);
  await requeueMessage(s.db, endpoint.id, message.id, s.clock());
  return { endpointId: endpoint.id, messageId: message.id, status: 'pending' as const };
}

export async function recoverFailed(s: Services, apiKeyId: string, input: RecoverInput) {
  const endpoint = await requireSendable(s, apiKeyId, input.endpointId);
  const recovered = await requeueFailed(
    s.db,
    endpoint.id,
    { since: new Date(input.since), until: input.until ? new Date(input.until) : undefined },
    s.clock(),
  );
  return { endpointId: endpoint.id, recovered };
}

/** A sample of the type (default: the endpoint's first subscribed type, else comment.add). */
export async function sendTestEvent(s: Services, apiKeyId: string, input: TestInput) {
  const endpoint: EndpointRow = await requireSendable(s, apiKeyId, input.endpointId);
  const type = input.eventType ?? endpoint.filterTypes?.[0] ?? DEFAULT_TEST_EVENT;
  const now = s.clock();
  const messageId = await insertDirectMessage(
    s.db,
    endpoint.id,
    sampleEvent(type, now),
    'test',
    now,
  );
  return { endpointId: endpoint.id, messageId };
}
