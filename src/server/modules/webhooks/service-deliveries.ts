import type { z } from 'zod';
import type {
  listWebhookServiceDeliveriesRequest,
  sendWebhookServiceTestEventRequest,
} from '#contract/webhook-service';
import { ServiceError } from '../../http/service-error';
import { basicPayload } from '../../jobs/basic-webhook-payload';
import type { Services } from '../../services';
import { messagesPage } from './message-service';
import { insertDirectMessage } from './message-store';
import { sampleEvent } from './sample-events';
import { readBasicTargets, readServiceConfig } from './service-config-store';

type ListInput = z.output<typeof listWebhookServiceDeliveriesRequest>;
type TestInput = z.output<typeof sendWebhookServiceTestEventRequest>;

const DEFAULT_TEST_EVENT = 'comment.add';

/**
 * The delivery log of the basic service's raw URL (events) or processed URL (notifications):
 * every message with its attempts, newest first, payloads as sent before encoding or encryption.
 * A key that never set the URL has an empty log.
 */
export async function listDeliveries(s: Services, apiKeyId: string, input: ListInput) {
  const kind = input.target === 'processed' ? 'basic_processed' : 'basic_raw';
  const target = (await readBasicTargets(s.db, apiKeyId))[kind];
  if (!target) {
    // The iterator of a log that does not exist cannot be valid; decoding it says so.
    return messagesPage(s, `none:${apiKeyId}`, input, (p) => basicPayload(p, apiKeyId));
  }
  return messagesPage(s, target.id, input, (p) => basicPayload(p, apiKeyId));
}

/**
 * Queues a sample event of the type (default comment.add) for the raw URL, whatever the triggers:
 * the way to check a receiver. Needs the service on and a raw URL, like every basic delivery.
 */
export async function sendTestEvent(s: Services, apiKeyId: string, input: TestInput) {
  const [config, targets] = await Promise.all([
    readServiceConfig(s.db, apiKeyId),
    readBasicTargets(s.db, apiKeyId),
  ]);
  if (!config?.useWebhookService) {
    throw new ServiceError(
      'FAILED_PRECONDITION',
      'The webhook service is off for this API key. Turn it on with Update Webhook Config (useWebhookService: true).',
    );
  }
  const raw = targets.basic_raw;
  if (!raw || raw.url === '') {
    throw new ServiceError(
      'FAILED_PRECONDITION',
      'The webhook service has no rawNotificationUrl to send to. Set one with Update Webhook Config.',
    );
  }
  const now = s.clock();
  const type = input.eventType ?? DEFAULT_TEST_EVENT;
  const messageId = await insertDirectMessage(s.db, raw.id, sampleEvent(type, now), 'test', now);
  return { messageId };
}
